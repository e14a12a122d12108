import { describe, expect, it } from 'vitest';
import { emptyEventValues } from './eventFormValues';
import { clearDraft, draftKey, loadDraft, saveDraft } from './wizardDraft';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('wizard draft', () => {
  it('keeps one draft per mode and event', () => {
    expect(draftKey('create')).toBe('eventWizardDraft:create');
    expect(draftKey('create', 'x')).toBe('eventWizardDraft:create');
    expect(draftKey('edit', 'e1')).toBe('eventWizardDraft:edit:e1');
  });

  it('stores, restores and clears the values with the reached step', () => {
    const storage = memoryStorage();
    const values = emptyEventValues();
    values.information.name = 'Sommerfest';
    values.attendees.priceCategories = [{ id: 'p1', name: 'Erwachsene', price: '12,50' }];
    saveDraft('k', { values, reached: 3 }, storage);
    expect(loadDraft('k', storage)).toEqual({ values, reached: 3 });
    clearDraft('k', storage);
    expect(loadDraft('k', storage)).toBeNull();
  });

  it('ignores unreadable drafts and fills missing parts with the empty form', () => {
    const storage = memoryStorage();
    storage.setItem('broken', '{nope');
    expect(loadDraft('broken', storage)).toBeNull();
    storage.setItem('old', JSON.stringify({ version: 0, values: {} }));
    expect(loadDraft('old', storage)).toBeNull();
    storage.setItem('partial', JSON.stringify({ version: 1, values: { information: { name: 'A' }, images: 'x', isPublic: 'yes' }, reached: 42 }));
    const draft = loadDraft('partial', storage)!;
    expect(draft.reached).toBe(6);
    expect(draft.values.information.name).toBe('A');
    expect(draft.values.information.tags).toEqual([]);
    expect(draft.values.images).toEqual([]);
    expect(draft.values.isPublic).toBe(false);
    expect(draft.values.attendees.publicEvent).toBe(true);
  });

  it('works without a storage', () => {
    saveDraft('k', { values: emptyEventValues(), reached: 0 }, null);
    expect(loadDraft('k', null)).toBeNull();
    expect(() => clearDraft('k', null)).not.toThrow();
  });
});
