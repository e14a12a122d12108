import { describe, expect, it } from 'vitest';
import { firstMessage, optionLabel, roleOptions, userLabel, userOptions } from './pickerOptions';

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

  it('takes the first per-entry server message', () => {
    expect(firstMessage('Fehler')).toBe('Fehler');
    expect(firstMessage([undefined, 'Unbekannte Rolle'])).toBe('Unbekannte Rolle');
    expect(firstMessage(undefined)).toBeUndefined();
  });
});
