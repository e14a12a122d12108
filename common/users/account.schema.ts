/**
 * The account forms that check more than an address (registration, a new password) as schemas
 * over the rules and messages of ./account.ts, which the server enforces. Plain TypeScript.
 */
import type { z } from 'zod';
import { anyValue, looseObject, visibleOnly } from '../validation/schema.js';
import { accountMessages, isEmail, normaliseEmail, passwordError } from './account.js';

const text = anyValue().transform((value) => (typeof value === 'string' ? value : ''));

const requiredName = visibleOnly(text).refine((value) => value.trim() !== '', { error: accountMessages.required });

/** An address: required (with `requiredMessage`) and valid; the result is the user id. */
const email = (requiredMessage: string) =>
  text.transform(normaliseEmail).superRefine((id, context) => {
    const message = id === '' ? requiredMessage : isEmail(id) ? null : accountMessages.emailInvalid;
    if (message) context.addIssue({ code: 'custom', message });
  });

/** A new password in a form: required (with `requiredMessage`; blanks only count as empty) and long enough. */
const newPassword = (requiredMessage: string) =>
  text.superRefine((password, context) => {
    const message = password.trim() === '' ? requiredMessage : passwordError(password);
    if (message) context.addIssue({ code: 'custom', message });
  });

/** The repetition of a new password: required, then the same as the password. */
const withRepetition = <Shape extends { password: z.ZodType<string>; passwordRepeat: z.ZodType<string> }>(shape: Shape, requiredMessage: string) =>
  looseObject(shape).superRefine(
    (values, context) => {
      const { password, passwordRepeat } = values as { password?: unknown; passwordRepeat?: unknown };
      const message = typeof passwordRepeat !== 'string' || passwordRepeat.trim() === '' ? requiredMessage : passwordRepeat !== password ? accountMessages.passwordMismatch : null;
      if (message) context.addIssue({ code: 'custom', path: ['passwordRepeat'], message });
    },
    // The repetition is named beside every other wrong field.
    { when: () => true },
  );

/** The registration form; the company is optional. */
export const registerFormSchema = withRepetition(
  {
    firstName: requiredName,
    lastName: requiredName,
    company: text,
    email: email(accountMessages.required),
    password: newPassword(accountMessages.required),
    passwordRepeat: text,
  },
  accountMessages.required,
);

/** The new password behind a reset link, typed twice. */
export const newPasswordFormSchema = withRepetition({ password: newPassword(accountMessages.passwordRequired), passwordRepeat: text }, accountMessages.passwordRequired);
