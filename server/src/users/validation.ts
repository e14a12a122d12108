import { accountMessages, passwordError } from '../../../common/users/account.js';
import { AppError } from '../shared/errors.js';

/** The account rules and their messages are common/users/account.ts, shared with the forms. */
export { isEmail, MAX_EMAIL_LENGTH, MIN_PASSWORD_LENGTH, normaliseEmail } from '../../../common/users/account.js';

/** Refuses a password the forms would refuse: a 400 naming the password field. */
export function validatePassword(password: string): void {
  const message = passwordError(password);
  if (message) throw new AppError('generic.validation', { detail: accountMessages.passwordTooShortDetail, fieldErrors: { password: message } });
}
