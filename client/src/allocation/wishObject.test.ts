import { describe, expect, it } from 'vitest';
import { kindName, wishObjectChoice, wishObjectFields, wishObjectOptions, wishObjectText } from './wishObject';

const bookables = [
  { id: 'nord', title: 'Sporthalle Nord', type: 'room' },
  { id: 'buergerhaus', title: 'Bürgerhaus', type: 'event-location' },
  { id: 'sued', title: 'Sporthalle Süd', type: 'room' },
];

describe('a wish names an object of the round or a kind of object', () => {
  it('offers every object of the round and each of their kinds once, by its German name', () => {
    expect(wishObjectOptions(bookables)).toEqual({
      objects: [
        { value: 'nord', label: 'Sporthalle Nord' },
        { value: 'buergerhaus', label: 'Bürgerhaus' },
        { value: 'sued', label: 'Sporthalle Süd' },
      ],
      kinds: [
        { value: 'kind:room', label: 'Raum (beliebig)' },
        { value: 'kind:event-location', label: 'Veranstaltungsort (beliebig)' },
      ],
    });
  });

  it('sets exactly one of the two fields for a choice, and reads the choice back from them', () => {
    expect(wishObjectFields('kind:room')).toEqual({ bookableId: '', bookableType: 'room' });
    expect(wishObjectFields('nord')).toEqual({ bookableId: 'nord', bookableType: '' });
    expect(wishObjectFields('')).toEqual({ bookableId: '', bookableType: '' });
    expect(wishObjectChoice({ bookableId: '', bookableType: 'room' })).toBe('kind:room');
    expect(wishObjectChoice({ bookableId: 'nord', bookableType: '' })).toBe('nord');
    expect(wishObjectChoice({ bookableId: '', bookableType: '' })).toBe('');
  });

  it('names what a wish asks for: the object, or the kind left to staff', () => {
    const title = (id: string) => (id === 'nord' ? 'Sporthalle Nord' : id);
    expect(wishObjectText({ bookableId: 'nord', bookableType: null }, title)).toBe('Sporthalle Nord');
    expect(wishObjectText({ bookableId: null, bookableType: 'room' }, title)).toBe('Objektart Raum (Objekt nach Wahl der Verwaltung)');
    expect(kindName('resource')).toBe('Ressource');
    expect(kindName('sauna')).toBe('sauna');
  });
});
