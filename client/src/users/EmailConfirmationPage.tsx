import { useMutation } from '@apollo/client/react';
import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ConfirmEmailDocument } from '../gql/graphql';
import { IncompleteLinkPage } from '../shared/IncompleteLinkPage';
import { messages } from '../shared/messages';
import { PublicPage } from '../shared/PublicPage';
import { errorInfo, notifyError } from '../shared/toast';

type Outcome = 'asking' | 'confirmed' | 'invalid';

/**
 * /email/verify?token=…: behind the mailed verification link. The address is confirmed only with
 * the button, so a mail program or link preview that opens the link confirms nothing.
 */
export default function EmailConfirmationPage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const [confirmEmail, { loading }] = useMutation(ConfirmEmailDocument);
  const [outcome, setOutcome] = useState<Outcome>('asking');

  if (!token) {
    return (
      <IncompleteLinkPage title="E-Mail-Adresse bestätigen">
        Der Link ist nicht vollständig. Bitte öffnen Sie ihn direkt aus der E-Mail oder kopieren Sie ihn ganz in die Adresszeile.
      </IncompleteLinkPage>
    );
  }

  const onConfirm = async () => {
    try {
      await confirmEmail({ variables: { token } });
      setOutcome('confirmed');
    } catch (error) {
      if (errorInfo(error).code === 'HOOK_INVALID') setOutcome('invalid');
      else notifyError(error, messages.genericError);
    }
  };

  if (outcome === 'confirmed') {
    return (
      <PublicPage title="E-Mail-Adresse bestätigt">
        <Callout intent="success" icon="tick-circle" className="public-callout" role="status">
          Vielen Dank! Ihre E-Mail-Adresse wurde bestätigt. Sie können sich jetzt anmelden.
        </Callout>
        <div className="public-links">
          <Link to="/login">Zur Anmeldung</Link>
        </div>
      </PublicPage>
    );
  }
  return (
    <PublicPage title="E-Mail-Adresse bestätigen">
      {outcome === 'invalid' ? (
        <Callout intent="warning" title="Link ungültig" className="public-callout" role="alert">
          Der Link ist ungültig, abgelaufen oder wurde schon verwendet. Ist Ihre Adresse noch nicht bestätigt, fordern Sie auf der Anmeldeseite eine neue Bestätigungs-E-Mail an.
        </Callout>
      ) : (
        <>
          <p>Bitte bestätigen Sie, dass diese E-Mail-Adresse Ihnen gehört. Danach können Sie sich anmelden.</p>
          <Button intent="primary" text="E-Mail-Adresse bestätigen" loading={loading} onClick={() => void onConfirm()} fill />
        </>
      )}
      <div className="public-links">
        <Link to="/login">Zur Anmeldung</Link>
      </div>
    </PublicPage>
  );
}
