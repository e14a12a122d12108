import { describe, expect, it } from 'vitest';
import { AppError, detailWithFields, readableFieldPath } from './errors.js';

describe('validation errors name their fields', () => {
  it('writes list positions in brackets', () => {
    expect(readableFieldPath('attachments.0.url')).toBe('attachments[0].url');
    expect(readableFieldPath('lockerDetails.units.12')).toBe('lockerDetails.units[12]');
    expect(readableFieldPath('priceEur')).toBe('priceEur');
  });

  it('the REST detail lists each field with its German message; the GraphQL message stays the catalogue text', () => {
    const error = new AppError('generic.validation', { fieldErrors: { title: 'Pflichtfeld', 'attachments.1.url': 'Ungültige URL.' } });
    const detail = 'Bitte überprüfen Sie Ihre Eingaben. title: Pflichtfeld. attachments[1].url: Ungültige URL.';
    expect(error.problemDetail).toBe(detail);
    expect(error.message).toBe('Bitte überprüfen Sie Ihre Eingaben.');
    expect(error.extensions).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { title: 'Pflichtfeld', 'attachments.1.url': 'Ungültige URL.' } });
  });

  it('spells out five fields and counts the rest', () => {
    const fieldErrors = Object.fromEntries(Array.from({ length: 7 }, (_, index) => [`timePeriods.${index}.startTime`, 'Uhrzeit fehlt']));
    expect(detailWithFields('Prüfen.', fieldErrors)).toBe(
      'Prüfen. timePeriods[0].startTime: Uhrzeit fehlt. timePeriods[1].startTime: Uhrzeit fehlt. timePeriods[2].startTime: Uhrzeit fehlt. timePeriods[3].startTime: Uhrzeit fehlt. timePeriods[4].startTime: Uhrzeit fehlt. (2 weitere)',
    );
  });

  it('an explicit detail and an error without fields keep their text', () => {
    expect(new AppError('generic.validation', { detail: 'Datei zu groß', fieldErrors: { file: 'Datei zu groß' } }).message).toBe('Datei zu groß');
    expect(new AppError('generic.validation', { fieldErrors: {} }).message).toBe('Bitte überprüfen Sie Ihre Eingaben.');
  });
});
