import type { Validator } from '../validation';

/** The server refuses shorter passwords (server/src/users/validation.ts); say so before sending. */
export const MIN_PASSWORD_LENGTH = 8;

export const minPasswordLength: Validator = (value) =>
  typeof value === 'string' && value.length > 0 && value.length < MIN_PASSWORD_LENGTH ? `Mindestens ${MIN_PASSWORD_LENGTH} Zeichen` : undefined;
