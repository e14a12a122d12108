import { useMutation } from '@apollo/client/react';
import { RequestPasswordResetDocument } from '../gql/graphql';
import { messages } from '../shared/messages';
import { notify, notifyError } from '../shared/toast';

/**
 * "Passwort vergessen" and the settings' "Passwort ändern" both ask for a reset link: the new
 * password is chosen on the page the mailed link opens. Returns whether the request was sent.
 */
export function usePasswordResetRequest(): (id: string) => Promise<boolean> {
  const [requestPasswordReset] = useMutation(RequestPasswordResetDocument);
  return async (id) => {
    try {
      await requestPasswordReset({ variables: { id: id.trim() } });
      notify({ type: 'success', ...messages.passwordResetSent });
      return true;
    } catch (error) {
      // PASSWORD_RESET_WRONG_EMAIL arrives as "Fehler beim Zurücksetzen" / "Falsche E-Mail".
      notifyError(error, messages.passwordResetError);
      return false;
    }
  };
}
