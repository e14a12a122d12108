/**
 * Field validators for react-final-form with the product's German messages. Forms whose input the
 * server describes with a schema in `common/` validate with it instead (shared/forms/schemaValidate.ts).
 */
import { accountMessages } from '../../../common/users/account';
import { MAIL_PATTERN } from '../../../common/validation/mail';

export type Validator = (value: unknown, allValues: object) => string | undefined;

export const validationMessages = {
  required: accountMessages.required,
  emailRequired: accountMessages.emailRequired,
  emailInvalid: accountMessages.emailInvalid,
  passwordRequired: accountMessages.passwordRequired,
  passwordMismatch: accountMessages.passwordMismatch,
} as const;

/** Text, at sign, text, dot, text: the server's pattern. */
export const EMAIL_PATTERN = MAIL_PATTERN;

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

export const required =
  (message: string = validationMessages.required): Validator =>
  (value) =>
    isBlank(value) ? message : undefined;

export const email: Validator = (value) => (isBlank(value) || EMAIL_PATTERN.test(String(value).trim()) ? undefined : validationMessages.emailInvalid);

/** The repeat field must equal the field `otherName`. */
export const matches =
  (otherName: string, message: string = validationMessages.passwordMismatch): Validator =>
  (value, allValues) =>
    value === (allValues as Record<string, unknown>)[otherName] ? undefined : message;

/** Runs validators in order and reports the first message. */
export const compose =
  (...validators: Validator[]): Validator =>
  (value, allValues) => {
    for (const validator of validators) {
      const message = validator(value, allValues);
      if (message) return message;
    }
    return undefined;
  };
