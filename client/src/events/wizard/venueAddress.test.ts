import { describe, expect, it } from 'vitest';
import { venueAddress } from './venueAddress';

describe('venueAddress', () => {
  it('splits street, house number, postal code and town', () => {
    expect(venueAddress('Marktplatz 1, 12345 Musterstadt')).toEqual({ street: 'Marktplatz', houseNumber: '1', additional: '', zip: '12345', city: 'Musterstadt' });
    expect(venueAddress('Am Alten Hafen 12 a\n20457 Hamburg')).toEqual({ street: 'Am Alten Hafen', houseNumber: '12a', additional: '', zip: '20457', city: 'Hamburg' });
  });

  it('keeps further parts as the addition and a town without postal code as the town', () => {
    expect(venueAddress('Stadthalle, Hauptstraße 5-7, 3. OG, 54321 Beispielstadt')).toEqual({ street: 'Hauptstraße', houseNumber: '5-7', additional: 'Stadthalle, 3. OG', zip: '54321', city: 'Beispielstadt' });
    expect(venueAddress('Hauptstraße 5, Musterstadt')).toEqual({ street: 'Hauptstraße', houseNumber: '5', additional: '', zip: '', city: 'Musterstadt' });
  });

  it('keeps text that fits no part instead of losing it', () => {
    expect(venueAddress('Rathaus')).toEqual({ street: 'Rathaus', houseNumber: '', additional: '', zip: '', city: '' });
    expect(venueAddress('')).toEqual({ street: '', houseNumber: '', additional: '', zip: '', city: '' });
  });
});
