import { useMutation } from '@apollo/client/react';
import { RequestPasswordChangeDocument } from '../gql/graphql';
import { messages } from '../shared/messages';
import { notify, notifyError } from '../shared/toast';

export interface PasswordChangeValues {
  password: string;
  passwordRepeat: string;
}

/**
 * "Passwort vergessen" and the settings screen both ask for a new password that takes effect once
 * the mailed link is opened. Returns whether the request was sent (so the caller can reset its form).
 */
export function usePasswordChange(): (id: string, values: PasswordChangeValues) => Promise<boolean> {
  const [requestPasswordChange] = useMutation(RequestPasswordChangeDocument);
  return async (id, { password, passwordRepeat }) => {
    if (password !== passwordRepeat) {
      notify({ type: 'danger', ...messages.passwordMismatch });
      return false;
    }
    try {
      await requestPasswordChange({ variables: { id: id.trim(), password } });
      notify({ type: 'success', ...messages.passwordResetSent });
      return true;
    } catch (error) {
      // PASSWORD_RESET_WRONG_EMAIL arrives as "Fehler beim Zurücksetzen" / "Falsche E-Mail".
      notifyError(error, messages.passwordResetError);
      return false;
    }
  };
}
