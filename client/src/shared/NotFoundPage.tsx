import { NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { PublicPage } from './PublicPage';

const description = 'Die aufgerufene Seite gibt es nicht. Vielleicht ist der Link veraltet oder falsch geschrieben.';

/** An unknown admin path: inside the admin frame, with the way back to the dashboard. */
export function AdminNotFoundPage() {
  return (
    <section className="admin-page">
      <NonIdealState icon="search" title="Seite nicht gefunden" description={description} action={<Link to="/admin/dashboard">Zur Startseite</Link>} />
    </section>
  );
}

/** An unknown public path: in the frame of the public pages, with the way to the sign-in. */
export function PublicNotFoundPage() {
  return (
    <PublicPage title="Seite nicht gefunden">
      <p>{description}</p>
      <div className="public-links">
        <Link to="/login">Zur Startseite</Link>
      </div>
    </PublicPage>
  );
}
