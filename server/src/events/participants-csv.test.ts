import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvDate, csvPrice, participantColumns, participantHeaders, participantRow, participantsFileName, text, type ParticipantBooking } from './participants-csv.js';
import { csvOptions } from '../bookings/csv-format.js';

const booking = (overrides: Partial<ParticipantBooking> = {}): ParticipantBooking => ({
  number: 'ABCD-EFGH',
  assignedUserId: null,
  mail: 'erika@example.com',
  company: '',
  name: 'Erika Mustermann',
  street: 'Hauptstraße 1',
  zipCode: '12345',
  location: 'Musterstadt',
  comment: '',
  timeBegin: null,
  timeEnd: null,
  createdAt: new Date('2026-07-01T08:05:00Z'),
  isCommitted: true,
  isPayed: false,
  priceEur: 12.5,
  paymentMethod: 'TRANSFER',
  paymentProvider: null,
  firstItem: { title: 'Eintritt', amount: 2 },
  ...overrides,
});

describe('participants CSV values', () => {
  it('headers in the documented order', () => {
    expect(participantColumns.map((column) => column.header).join(';')).toBe(
      'Buchungsnummer;Ticket;Anzahl;Angemeldeter Benutzer;E-Mail Adresse;Firma;Name;Straße;PLZ;Ort;Buchungshinweise;Buchungsbeginn;Buchungsende;Buchungsdatum;Buchung bestätigt;Buchung bezahlt;Preis;Zahlungsart',
    );
  });

  it('a complete row: Berlin dates, Ja/Nein, euro price, German payment label, empty for absent values', () => {
    const row = participantRow(booking({ assignedUserId: 'erika@example.com', timeBegin: new Date('2026-07-15T16:00:00Z'), timeEnd: new Date('2026-01-15T21:30:00Z') }));
    expect(row).toEqual([
      'ABCD-EFGH', 'Eintritt', '2', 'erika@example.com', 'erika@example.com', '', 'Erika Mustermann', 'Hauptstraße 1', '12345', 'Musterstadt', '',
      '15.07.2026, 18:00', '15.01.2026, 22:30', '01.07.2026, 10:05', 'Ja', 'Nein', '12,50 €', 'Überweisung',
    ]);
  });

  it('without items: "Unbekannt" and "0"; "-" for missing dates and a zero price; unknown methods "Unbekannt"', () => {
    const row = participantRow(booking({ firstItem: null, priceEur: 0, paymentMethod: '', createdAt: null }));
    expect(row.slice(1, 3)).toEqual(['Unbekannt', '0']);
    expect(row.slice(11, 14)).toEqual(['-', '-', '-']);
    expect(row.slice(16)).toEqual(['-', 'Unbekannt']);
    expect(participantRow(booking({ paymentMethod: 'BITCOIN' }))[17]).toBe('Unbekannt');
    expect(participantRow(booking({ paymentMethod: null }))[17]).toBe('Unbekannt');
  });

  it('the customer\'s payment choice: alone while unpaid, beside the method once paid, as in the staff list', () => {
    expect(participantRow(booking({ paymentMethod: '', paymentProvider: 'invoice' }))[17]).toBe('Rechnung');
    expect(participantRow(booking({ paymentMethod: 'CASH', paymentProvider: 'invoice' }))[17]).toBe('Bar (gewählt: Rechnung)');
    expect(participantRow(booking({ paymentMethod: '', paymentProvider: 'giroCockpit' }))[17]).toBe('GiroCockpit');
  });

  it('line breaks become spaces; formulas are defused', () => {
    expect(text('Bitte\r\nRollstuhl\nplatz\rfrei')).toBe('Bitte Rollstuhl platz frei');
    expect(text('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(text('+49 123')).toBe(`'+49 123`);
    expect(text('Gruppe -3')).toBe('Gruppe -3');
    expect(text(null)).toBe('');
  });

  it('prices and dates', () => {
    expect(csvPrice(1234.5)).toBe('1.234,50 €');
    expect(csvPrice(null)).toBe('-');
    expect(csvDate(new Date('2026-03-29T01:30:00Z'))).toBe('29.03.2026, 03:30');
    expect(csvDate(new Date(Number.NaN))).toBe('-');
  });

  it('csv-stringify with these options: ";" and CRLF, quotes only around values with ";" or a quote', () => {
    const csv = stringify([participantRow(booking({ name: 'Müller; Söhne', company: 'Die "Guten"', comment: 'a\nb' }))], csvOptions(participantHeaders));
    const lines = csv.split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines[1]).toBe('ABCD-EFGH;Eintritt;2;;erika@example.com;"Die ""Guten""";"Müller; Söhne";Hauptstraße 1;12345;Musterstadt;a b;-;-;01.07.2026, 10:05;Ja;Nein;12,50 €;Überweisung');
  });

  it('file name from the event name', () => {
    expect(participantsFileName('Sommerfest Straße & Bühne', 'x')).toBe('teilnehmer-Sommerfest-Strasse-Buhne.csv');
    expect(participantsFileName('"; ', 'id-1')).toBe('teilnehmer-id-1.csv');
  });
});
