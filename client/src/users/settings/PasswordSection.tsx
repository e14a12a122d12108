import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import type { SessionUser } from '../../shared/store';
import { usePasswordResetRequest } from '../usePasswordResetRequest';

/**
 * Security: the e-mail (user id) shown locked, and the password change (not for single sign-on
 * accounts): a link to the account's address, on whose page the new password is set, so only the
 * mailbox holder can change it, never someone at an unattended, signed-in screen.
 */
export function PasswordSection({ user }: { user: SessionUser }) {
  const requestReset = usePasswordResetRequest();
  const external = user.authType === 'keycloak';
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const onRequest = async () => {
    setSending(true);
    try {
      setSent(await requestReset(user.id));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <FormGroup label="E-Mail" labelFor="settings-email" helperText="Die E-Mail-Adresse ist Ihre Kennung und kann nicht geändert werden.">
        <InputGroup id="settings-email" value={user.id} leftIcon="lock" disabled readOnly fill />
      </FormGroup>
      {external ? (
        <Callout icon="lock" intent="none" title="Passwort ändern nicht möglich">
          Ihr Konto wird über Single Sign-On verwaltet. Das Passwort ändern Sie dort.
        </Callout>
      ) : (
        <p className="settings-password-hint">
          Wir senden Ihnen einen Link an {user.id}. Auf der Seite, die er öffnet, legen Sie Ihr neues Passwort fest; danach sind alle Anmeldungen Ihres Kontos beendet.
        </p>
      )}
      {sent ? (
        <Callout intent="success" icon="envelope" className="settings-password-sent" role="status">
          Link gesendet. Bitte öffnen Sie ihn innerhalb von 60 Minuten.
        </Callout>
      ) : null}
      <Button
        intent="primary"
        text="Passwort ändern"
        icon={external ? 'lock' : undefined}
        disabled={external}
        loading={sending}
        onClick={() => void onRequest()}
      />
    </>
  );
}
