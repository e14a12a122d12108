import { AppError } from '../shared/errors.js';

/** Text, at sign, text, dot, text. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The longest address SMTP delivers to (RFC 5321); the user id is the address, so it also bounds ids. */
export const MAX_EMAIL_LENGTH = 254;

export function isEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}

export const MIN_PASSWORD_LENGTH = 8;

export function validatePassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > 256) {
    throw new AppError('generic.validation', {
      detail: `Das Passwort muss mindestens ${MIN_PASSWORD_LENGTH} Zeichen lang sein.`,
      fieldErrors: { password: `Mindestens ${MIN_PASSWORD_LENGTH} Zeichen` },
    });
  }
}
