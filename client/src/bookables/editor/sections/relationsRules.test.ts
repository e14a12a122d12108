import { describe, expect, it } from 'vitest';
import { addCheckout, addRelated, bookableTitle, relationCandidates, setMandatory } from './relationsRules';

const bookables = [
  { id: 'self', title: 'Großer Saal' },
  { id: 'b', title: 'Beamer' },
  { id: 'a', title: 'Anhänger' },
  { id: 'c', title: 'Catering' },
];

describe('relations rules', () => {
  it('excludes the edited bookable itself and those already listed, sorted by title', () => {
    expect(relationCandidates(bookables, 'self', ['c']).map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('offers every bookable while creating', () => {
    expect(relationCandidates(bookables, null, []).map((item) => item.id)).toEqual(['a', 'b', 'c', 'self']);
  });

  it('shows titles, and unknown ids bare', () => {
    expect(bookableTitle(bookables, 'b')).toBe('Beamer');
    expect(bookableTitle(bookables, 'deleted')).toBe('deleted');
  });

  it('adds dependent objects and checkout options without duplicates', () => {
    expect(addRelated(['a'], 'b')).toEqual(['a', 'b']);
    expect(addRelated(['a', 'b'], 'a')).toEqual(['a', 'b']);
    const once = addCheckout([], 'a');
    expect(once).toEqual([{ bookableId: 'a', mandatory: false }]);
    expect(addCheckout([{ bookableId: 'a', mandatory: true }], 'a')).toEqual([{ bookableId: 'a', mandatory: true }]);
  });

  it('marks one checkout option mandatory', () => {
    const entries = [
      { bookableId: 'a', mandatory: false },
      { bookableId: 'b', mandatory: false },
    ];
    expect(setMandatory(entries, 1, true)).toEqual([
      { bookableId: 'a', mandatory: false },
      { bookableId: 'b', mandatory: true },
    ]);
  });
});
