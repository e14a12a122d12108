/**
 * What every mail field of the product accepts, and its message. Without zod, so that forms which
 * only check a mail (sign-in, registration) share the rule without loading the schema library.
 */

/** Text, at sign, text, dot, text. */
export const MAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const mailMessages = { invalid: 'E-Mail muss gültig sein' } as const;
