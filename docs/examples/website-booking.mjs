#!/usr/bin/env node
// The town's website books a ticket for a citizen and shows its status.
//
//   BUCHUNG_URL=https://buchen.musterstadt.de BUCHUNG_MANDANT=rathaus BUCHUNG_TOKEN=bpt_… \
//     node website-booking.mjs <ticket-id> <anzahl> "Erika Mustermann" erika@example.org
//
// The token needs the preset "Buchen im Namen der Website" (WEBSITE_BOOKING): it books through the
// checkout and reads the status of the bookings it made, nothing else. The checkout answers a
// status token ("bst_…"): the website keeps it with the citizen's session and asks for the status
// with it later, without the citizen's name and whatever the tenant's public status page says.

import { randomUUID } from 'node:crypto';
import { connection, graphql, rest } from './api-client.mjs';
import { berlinDate, berlinTime } from './berlin-time.mjs';

const [ticketId, amountText, name, mail] = process.argv.slice(2);
if (!ticketId || !name || !mail || !(Number(amountText) >= 1)) {
  console.error('Aufruf: node website-booking.mjs <ticket-id> <anzahl> "<Name>" <E-Mail>');
  process.exit(2);
}
const api = connection();

// The ticket as the public sees it: its title and, through its event, date and place.
const { publicBookable: ticket } = await graphql(
  api,
  `query Ticket($tenantId: ID!, $id: ID!) { publicBookable(tenantId: $tenantId, id: $id) { id title } }`,
  { tenantId: api.tenantId, id: ticketId },
);

// The checkout, once: the Idempotency-Key makes a retry after a lost answer book nothing twice.
const booking = await rest(api, 'POST', `/api/${encodeURIComponent(api.tenantId)}/checkout`, {
  headers: { 'idempotency-key': randomUUID() },
  body: { bookableItems: [{ bookableId: ticket.id, amount: Number(amountText) }], name, mail, street: '', zipCode: '', location: '', phone: '', company: '', comment: '' },
});
console.log(`Gebucht: ${booking.id}, ${Number(amountText)} × ${ticket.title}, ${booking.priceEur.toLocaleString('de-DE', { style: 'currency', currency: 'EUR' })}`);

// Later, e.g. on the citizen's "Meine Buchung" page: the status by its token (the header keeps it out of URLs and logs).
const status = await rest(api, 'GET', `/api/${encodeURIComponent(api.tenantId)}/bookings/status`, { headers: { 'x-status-token': booking.statusToken } });
const words = { confirmed: 'bestätigt', pending: 'angefragt', rejected: 'abgelehnt' };
const payment = { paid: 'bezahlt', pending: 'offen', none: 'nichts zu zahlen' };
console.log(`Status: ${words[status.status.bookingStatus] ?? status.status.bookingStatus}, Zahlung ${payment[status.status.paymentStatus] ?? status.status.paymentStatus}`);
for (const event of status.events) {
  console.log(`Veranstaltung: ${event.name}${event.startsAt ? `, ${berlinDate(event.startsAt)} ${berlinTime(event.startsAt)} Uhr` : ''}${event.place ? `, ${event.place}` : ''}`);
}
