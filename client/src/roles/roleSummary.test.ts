import { describe, expect, it } from 'vitest';
import { allFlags, areaSummary, editorAreas, flagSummary, noFlags } from './roleSummary';

describe('role list summaries', () => {
  it('flags: "alle", "keine" or the granted flags in editor order', () => {
    expect(flagSummary(allFlags())).toBe('alle');
    expect(flagSummary(noFlags())).toBe('keine');
    expect(flagSummary(undefined)).toBe('keine');
    expect(flagSummary({ readAny: true, create: true })).toBe('Erstellen, Alle lesen');
    expect(flagSummary({ ...allFlags(), deleteAny: false })).toBe('Erstellen, Eigene lesen, Alle lesen, Eigene bearbeiten, Alle bearbeiten, Eigene löschen');
  });

  it('admin areas: "alle" when all nine editor areas are granted, "keine" when none, else their names', () => {
    expect(areaSummary(editorAreas.map((area) => area.name))).toBe('alle');
    expect(areaSummary([...editorAreas.map((area) => area.name), 'tenants'])).toBe('alle');
    expect(areaSummary([])).toBe('keine');
    expect(areaSummary(['coupons', 'roles'])).toBe('Rollen, Gutscheine');
    expect(areaSummary(editorAreas.slice(1).map((area) => area.name))).not.toBe('alle');
  });
});
