import { describe, expect, it } from 'vitest';
import { parseFields } from '../validation/schema.js';
import { isEmail, normaliseEmail, passwordError } from './account.js';
import { newPasswordFormSchema, registerFormSchema } from './account.schema.js';

const errorsOf = (schema: Parameters<typeof parseFields>[0], input: unknown) => {
  const result = parseFields(schema, input);
  return result.ok ? {} : result.fieldErrors;
};

const registration = { firstName: 'Erika', lastName: 'Muster', company: '', email: ' Erika@Example.org ', password: 'geheim123', passwordRepeat: 'geheim123' };

describe('account schema', () => {
  it('reads an address as the user id it stands for and bounds it as SMTP does', () => {
    expect(normaliseEmail(' Erika@Example.ORG ')).toBe('erika@example.org');
    expect(isEmail('erika@example.org')).toBe(true);
    expect(isEmail('erika@example')).toBe(false);
    expect(isEmail(`${'a'.repeat(250)}@b.de`)).toBe(false);
  });

  it('wants a password of at least 8 characters', () => {
    expect(passwordError('1234567')).toBe('Mindestens 8 Zeichen');
    expect(passwordError('12345678')).toBeNull();
    expect(passwordError('x'.repeat(257))).toBe('Mindestens 8 Zeichen');
  });

  it('checks the registration: names, address, password and its repetition', () => {
    expect(parseFields(registerFormSchema, registration)).toMatchObject({ ok: true, value: { email: 'erika@example.org' } });
    expect(errorsOf(registerFormSchema, {})).toEqual({ firstName: 'Pflichtfeld', lastName: 'Pflichtfeld', email: 'Pflichtfeld', password: 'Pflichtfeld', passwordRepeat: 'Pflichtfeld' });
    expect(errorsOf(registerFormSchema, { ...registration, email: 'erika', password: 'kurz', passwordRepeat: 'anders' })).toEqual({
      email: 'E-Mail muss gültig sein',
      password: 'Mindestens 8 Zeichen',
      passwordRepeat: 'Passwörter stimmen nicht überein',
    });
  });

  it('checks a new password typed twice with its own required message', () => {
    expect(errorsOf(newPasswordFormSchema, { password: '', passwordRepeat: ' ' })).toEqual({ password: 'Passwort ist erforderlich', passwordRepeat: 'Passwort ist erforderlich' });
    expect(errorsOf(newPasswordFormSchema, { password: 'geheim123', passwordRepeat: 'geheim124' })).toEqual({ passwordRepeat: 'Passwörter stimmen nicht überein' });
    expect(parseFields(newPasswordFormSchema, { password: 'geheim123', passwordRepeat: 'geheim123' }).ok).toBe(true);
  });
});
