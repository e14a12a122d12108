import { describe, expect, it } from 'vitest';
import { firstMessage, knownLabels, optionLabel, roleOptions, userLabel, userOptions } from './pickerOptions';

describe('picker options', () => {
  it('shows people as "Vorname Nachname (e-mail)" and roles by name', () => {
    expect(userLabel({ id: 'anna@example.com', firstName: 'Anna', lastName: 'Muster' })).toBe('Anna Muster (anna@example.com)');
    expect(userLabel({ id: 'x@example.com', firstName: '', lastName: '' })).toBe('x@example.com');
    expect(userOptions([{ id: 'a@b.de', firstName: 'A', lastName: 'B' }])).toEqual([{ id: 'a@b.de', label: 'A B (a@b.de)' }]);
    expect(roleOptions([{ id: 'r1', name: 'Buchungsbearbeitung' }])).toEqual([{ id: 'r1', label: 'Buchungsbearbeitung' }]);
  });

  it('shows unknown stored ids bare', () => {
    const options = [{ id: 'r1', label: 'Kasse' }];
    expect(optionLabel(options, 'r1')).toBe('Kasse');
    expect(optionLabel(options, 'gone')).toBe('gone');
  });

  it('keeps the names of people chosen from an earlier answer after the search moved on', () => {
    const answer = [{ id: 'b@x.de', label: 'B (b@x.de)' }];
    expect(knownLabels({ 'a@x.de': 'A (a@x.de)', 'b@x.de': 'alt' }, answer)).toEqual([
      { id: 'b@x.de', label: 'B (b@x.de)' },
      { id: 'a@x.de', label: 'A (a@x.de)' },
    ]);
    expect(knownLabels({}, answer)).toEqual(answer);
  });

  it('takes the first per-entry server message', () => {
    expect(firstMessage('Fehler')).toBe('Fehler');
    expect(firstMessage([undefined, 'Unbekannte Rolle'])).toBe('Unbekannte Rolle');
    expect(firstMessage(undefined)).toBeUndefined();
  });
});
