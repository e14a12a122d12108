import { AppError } from '../shared/errors.js';

/** Text, at sign, text, dot, text (specification 01 section 5). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
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
