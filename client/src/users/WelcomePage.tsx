import { Callout } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { PublicPage } from '../shared/PublicPage';

export default function WelcomePage() {
  return (
    <PublicPage title="Willkommen">
      <p>Vielen Dank für Ihre Registrierung!</p>
      <Callout intent="primary" icon="envelope" title="Bitte bestätigen Sie Ihre E-Mail-Adresse" className="public-callout">
        Wir haben Ihnen eine E-Mail mit einem Bestätigungslink gesendet. Bitte öffnen Sie den Link, um Ihre E-Mail-Adresse zu bestätigen. Erst danach
        können Sie sich anmelden.
      </Callout>
      <div className="public-links">
        <Link to="/login">Zur Anmeldung</Link>
      </div>
    </PublicPage>
  );
}
