import { Callout } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { PublicPage } from '../shared/PublicPage';

export default function EmailVerifiedPage() {
  return (
    <PublicPage title="E-Mail-Adresse bestätigt">
      <Callout intent="success" icon="tick-circle" className="public-callout">
        Vielen Dank! Ihre E-Mail-Adresse wurde bestätigt. Sie können sich jetzt anmelden.
      </Callout>
      <div className="public-links">
        <Link to="/login">Zur Anmeldung</Link>
      </div>
    </PublicPage>
  );
}
