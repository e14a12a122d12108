import { CombinedGraphQLErrors } from '@apollo/client';
import { FORM_ERROR } from 'final-form';
import { describe, expect, it } from 'vitest';
import { nestFieldErrors, serverSubmitErrors } from './serverErrors';

const refusal = (extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ errors: [{ message: 'Bitte überprüfen Sie Ihre Eingaben.', extensions }] });

describe('nestFieldErrors', () => {
  it('nests dotted paths for react-final-form', () => {
    expect(nestFieldErrors({ title: 'Pflichtfeld', 'priceCategories.1.priceEur': 'Muss eine Zahl sein', 'timePeriods.0.endTime': 'x' })).toEqual({
      title: 'Pflichtfeld',
      priceCategories: [undefined, { priceEur: 'Muss eine Zahl sein' }],
      timePeriods: [{ endTime: 'x' }],
    });
  });

  it('keeps a whole-entry message and drops a part message below it', () => {
    expect(nestFieldErrors({ 'lockerDetails.units.0': 'a', 'lockerDetails.units.0.amount': 'b' })).toEqual({ lockerDetails: { units: ['a'] } });
    expect(nestFieldErrors(undefined)).toBeUndefined();
  });
});

describe('serverSubmitErrors', () => {
  it('puts the messages at the renamed fields and the server toast under FORM_ERROR', () => {
    const error = refusal({ code: 'GENERIC_VALIDATION', title: 'Validierungsfehler', fieldErrors: { id: 'E-Mail muss gültig sein', 'sso.serverUrl': 'Ungültige URL.' } });
    expect(serverSubmitErrors(error, { id: 'email' })).toEqual({
      email: 'E-Mail muss gültig sein',
      sso: { serverUrl: 'Ungültige URL.' },
      [FORM_ERROR]: { title: 'Validierungsfehler', message: 'Bitte überprüfen Sie Ihre Eingaben.' },
    });
  });

  it('is undefined when the error names no field, so the form shows its own toast', () => {
    expect(serverSubmitErrors(refusal({ code: 'COUPON_CREATE_ERROR', title: 'Fehler' }))).toBeUndefined();
    expect(serverSubmitErrors(refusal({ fieldErrors: {} }))).toBeUndefined();
    expect(serverSubmitErrors(new Error('offline'))).toBeUndefined();
  });
});
