/** Field validators for react-final-form with the German messages the server uses too. */
export type Validator = (value: unknown, allValues: object) => string | undefined;

export const validationMessages = {
  required: 'Pflichtfeld',
  emailRequired: 'E-Mail ist erforderlich',
  emailInvalid: 'E-Mail muss gültig sein',
  passwordRequired: 'Passwort ist erforderlich',
  passwordMismatch: 'Passwörter stimmen nicht überein',
} as const;

/** Text, at sign, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
