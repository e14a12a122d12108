import { Callout } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { PublicPage } from '../shared/PublicPage';

export default function PasswordConfirmedPage() {
  return (
    <PublicPage title="Passwort geändert">
      <Callout intent="success" icon="tick-circle" className="public-callout">
        Ihr neues Passwort ist jetzt aktiv. Sie können sich damit anmelden.
      </Callout>
      <div className="public-links">
        <Link to="/login">Zur Anmeldung</Link>
      </div>
    </PublicPage>
  );
}
