#!/usr/bin/env node
// Nightly finance export: every booking paid in a month, one CSV line per VAT rate, in exact cents.
//
//   BUCHUNG_URL=https://buchen.musterstadt.de BUCHUNG_MANDANT=rathaus BUCHUNG_TOKEN=bpt_… \
//     node finance-export.mjs 2026-11 > zahlungen-2026-11.csv
//
// The token needs the preset "Buchungen lesen" (BOOKINGS_READ). Without a month argument the
// previous month is exported. Only bookings with something to pay are read (charge: CHARGEABLE),
// by payment date through the server's index, page by page with a cursor. The pages show the
// bookings as they were when paging began: one paid while the export runs is not among them, so a
// last pass asks for the month's bookings changed since the export began (updatedSince) and adds
// those it has not written yet. Every booking paid in the month by the end is written once.

import { connection, graphql } from './api-client.mjs';
import { berlinDate, berlinMidnight, berlinToday } from './berlin-time.mjs';

const PAID_BOOKINGS = `
  query PaidBookings($tenantId: ID!, $paidFrom: DateTimeISO!, $paidTo: DateTimeISO!, $updatedSince: DateTimeISO, $after: String) {
    bookings(tenantId: $tenantId, paidFrom: $paidFrom, paidTo: $paidTo, charge: CHARGEABLE, updatedSince: $updatedSince, first: 50, after: $after) {
      items {
        id
        paidAt
        name
        company
        priceCents
        paymentWay { kind provider method }
        vatByRate { ratePercent netCents vatCents grossCents }
      }
      pageInfo { endCursor hasNextPage }
    }
  }`;

/** The month to export: the argument "YYYY-MM", or the month before today's in Berlin. */
function monthToExport(argument) {
  if (argument) {
    const match = /^(\d{4})-(\d{2})$/.exec(argument);
    if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) {
      console.error('Monat bitte als JJJJ-MM angeben, z. B. 2026-11.');
      process.exit(2);
    }
    return [Number(match[1]), Number(match[2])];
  }
  const [year, month] = berlinToday();
  return month === 1 ? [year - 1, 12] : [year, month - 1];
}

/** Cents as a German decimal without rounding: 123456 → "1234,56". */
const euros = (cents) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** A CSV field for spreadsheets set to German: semicolons, quotes doubled. */
const field = (value) => (/[;"\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value));

const api = connection();
const [year, month] = monthToExport(process.argv[2]);
// The month in Berlin: from its first midnight up to (excluding) the next month's.
const paidFrom = berlinMidnight(year, month, 1).toISOString();
const paidTo = berlinMidnight(year, month + 1, 1).toISOString();

console.log(['Buchungsnummer', 'Bezahlt am', 'Kunde', 'Zahlweg', 'Steuersatz', 'Netto', 'USt', 'Brutto'].join(';'));
let bookings = 0;
let totalCents = 0;
const written = new Set();

/** Pages through the month's paid bookings (those changed since `updatedSince`, when given) and writes each new one. */
async function exportPages(updatedSince) {
  let after = null;
  do {
    const { bookings: page } = await graphql(api, PAID_BOOKINGS, { tenantId: api.tenantId, paidFrom, paidTo, updatedSince, after });
    for (const booking of page.items) writeBooking(booking);
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
}

function writeBooking(booking) {
  if (written.has(booking.id)) return;
  written.add(booking.id);
  bookings += 1;
  totalCents += booking.priceCents;
  const way = [booking.paymentWay.kind, booking.paymentWay.provider, booking.paymentWay.method].filter(Boolean).join('/');
  const customer = [booking.name, booking.company].filter(Boolean).join(', ');
  for (const rate of booking.vatByRate) {
    const line = [booking.id, berlinDate(booking.paidAt), customer, way, `${String(rate.ratePercent).replace('.', ',')} %`, euros(rate.netCents), euros(rate.vatCents), euros(rate.grossCents)];
    console.log(line.map(field).join(';'));
  }
}

// A minute before the start: a change gets its time when written and is seen when it commits.
const startedAt = new Date(Date.now() - 60_000).toISOString();
await exportPages(null);
await exportPages(startedAt);

console.error(`${bookings} bezahlte Buchungen im ${String(month).padStart(2, '0')}/${year}, zusammen ${euros(totalCents)} EUR.`);
