import { describe, expect, it } from 'vitest';
import type { BookingConsentFragment } from '../../gql/graphql';
import { consentDocuments, proposedPaymentMethod } from './bookingDetails';

const attachment = (overrides: Partial<BookingConsentFragment>): BookingConsentFragment => ({
  id: 'rules',
  bookableId: 'hall',
  type: 'agreement',
  title: 'Hausordnung',
  url: 'https://example.com/hausordnung.pdf',
  accepted: true,
  acceptedAt: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

describe('consentDocuments', () => {
  it('lists the documents asked for at checkout, accepted or not, and leaves receipts and invoices out', () => {
    const documents = consentDocuments([
      attachment({}),
      attachment({ id: 'privacy', type: 'privacy-agreement', title: 'Datenschutz', accepted: false, acceptedAt: null }),
      attachment({ id: null, bookableId: null, type: 'receipt', title: 'Zahlungsbeleg-2026-0001.pdf', url: null, accepted: null, acceptedAt: null }),
    ]);
    expect(documents.map((document) => [document.title, document.accepted, document.acceptedAt])).toEqual([
      ['Hausordnung', true, '2026-11-20T09:00:00.000Z'],
      ['Datenschutz', false, null],
    ]);
  });

  it('tells apart the same document of two booked objects', () => {
    const documents = consentDocuments([attachment({ bookableId: 'hall' }), attachment({ bookableId: 'kitchen' })]);
    expect(new Set(documents.map((document) => document.key)).size).toBe(2);
  });

  it('gives no time for a document not accepted', () => {
    expect(consentDocuments([attachment({ accepted: false })])[0]?.acceptedAt).toBeNull();
  });
});

describe('proposedPaymentMethod', () => {
  it('keeps a method already recorded', () => {
    expect(proposedPaymentMethod({ paymentMethod: 'DEBIT_CARD', paymentProvider: 'invoice' })).toBe('DEBIT_CARD');
  });

  it('proposes a transfer when the customer chose the invoice, cash otherwise', () => {
    expect(proposedPaymentMethod({ paymentMethod: '', paymentProvider: 'invoice' })).toBe('TRANSFER');
    expect(proposedPaymentMethod({ paymentMethod: '', paymentProvider: null })).toBe('CASH');
    expect(proposedPaymentMethod({ paymentMethod: 'UNKNOWN', paymentProvider: 'giroCockpit' })).toBe('CASH');
  });
});
