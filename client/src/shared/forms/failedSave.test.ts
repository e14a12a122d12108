import { describe, expect, it } from 'vitest';
import { failedSaveNotice, saveFailedOnFields } from './failedSave';

const outcome = (state: Partial<Parameters<typeof saveFailedOnFields>[0]>) => ({ submitFailed: false, hasValidationErrors: false, hasSubmitErrors: false, submitError: undefined, ...state });

describe('saveFailedOnFields', () => {
  it('is a failure when the fields stopped the save or the server refused it with field messages', () => {
    expect(saveFailedOnFields(outcome({ submitFailed: true, hasValidationErrors: true }))).toBe(true);
    expect(saveFailedOnFields(outcome({ submitFailed: true, hasSubmitErrors: true }))).toBe(true);
  });

  it('is no failure after a successful save, even with an invalid field changed meanwhile', () => {
    expect(saveFailedOnFields(outcome({}))).toBe(false);
    expect(saveFailedOnFields(outcome({ hasValidationErrors: true }))).toBe(false);
  });
});

describe('failedSaveNotice', () => {
  it("is the client's Validierungsfehler when the fields stopped the save", () => {
    expect(failedSaveNotice(outcome({ submitFailed: true, hasValidationErrors: true }))).toEqual({ title: 'Validierungsfehler', message: 'Bitte überprüfen Sie Ihre Eingaben.' });
  });

  it("is the server's title and message when the server refused the save", () => {
    const submitError = { title: 'Fehler beim Speichern', message: 'Die Instanz braucht mindestens einen Besitzer.' };
    expect(failedSaveNotice(outcome({ submitFailed: true, hasSubmitErrors: true, submitError }))).toEqual(submitError);
  });

  it('ignores a stale server notice when the fields stop the next attempt', () => {
    const submitError = { title: 'Fehler beim Speichern' };
    expect(failedSaveNotice(outcome({ submitFailed: true, hasValidationErrors: true, hasSubmitErrors: true, submitError })).title).toBe('Validierungsfehler');
  });
});
