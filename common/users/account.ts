/**
 * The rules of an account's address and password with their German messages, written once for the
 * server (sign-up, password reset, accounts created by an instance owner) and the client's forms
 * (sign-in, registration, new password). The address is the user id: trimmed, lower case, text @
 * text . text, at most what SMTP delivers to; a password has at least MIN_PASSWORD_LENGTH
 * characters. Without zod, like ../validation/mail.ts, so the sign-in form shares the rules
 * without loading the schema library; the forms' schemas are in ./account.schema.ts. Plain
 * TypeScript.
 */
import { MAIL_PATTERN, mailMessages } from '../validation/mail.js';

/** The longest address SMTP delivers to (RFC 5321); the user id is the address, so it also bounds ids. */
export const MAX_EMAIL_LENGTH = 254;
export const MIN_PASSWORD_LENGTH = 8;
/** Longer passwords only cost hashing time. */
export const MAX_PASSWORD_LENGTH = 256;

export const accountMessages = {
  required: 'Pflichtfeld',
  emailRequired: 'E-Mail ist erforderlich',
  emailInvalid: mailMessages.invalid,
  passwordRequired: 'Passwort ist erforderlich',
  passwordMismatch: 'Passwörter stimmen nicht überein',
  passwordTooShort: `Mindestens ${MIN_PASSWORD_LENGTH} Zeichen`,
  /** The sentence beside the field message when the server refuses a password. */
  passwordTooShortDetail: `Das Passwort muss mindestens ${MIN_PASSWORD_LENGTH} Zeichen lang sein.`,
} as const;

/** The user id an address stands for. */
export const normaliseEmail = (value: string): string => value.trim().toLowerCase();

export const isEmail = (value: string): boolean => value.length <= MAX_EMAIL_LENGTH && MAIL_PATTERN.test(value);

/** The message for a password that is too short (or absurdly long), or null. An empty one is the caller's "required". */
export const passwordError = (password: string): string | null =>
  password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH ? accountMessages.passwordTooShort : null;
