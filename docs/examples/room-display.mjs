#!/usr/bin/env node
// A room display in the foyer: today's schedule of one room, updated live as bookings change.
//
//   BUCHUNG_URL=https://buchen.musterstadt.de BUCHUNG_MANDANT=rathaus BUCHUNG_TOKEN=bpt_… \
//     node room-display.mjs <raum-id>
//
// The token needs only the preset "Belegung lesen" (OCCUPANCY_READ): the schedule names times,
// status and the booked object, never a customer. The script reads the day once, then subscribes
// to the room's changes over GraphQL on a WebSocket (graphql-ws, `npm install graphql-ws`) and
// reads the day again on every change. --datum JJJJ-MM-TT shows another day than today; with
// --changes N it stops after N changes.

import { createClient } from 'graphql-ws';
import { connection, graphql } from './api-client.mjs';
import { berlinDate, berlinMidnight, berlinTime, berlinToday } from './berlin-time.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const roomId = args.find((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
const stopAfter = option('--changes') === undefined ? Infinity : Number(option('--changes'));
const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(option('--datum') ?? '');
if (!roomId || !(stopAfter >= 1) || (option('--datum') !== undefined && !dateMatch)) {
  console.error('Aufruf: node room-display.mjs <raum-id> [--datum JJJJ-MM-TT] [--changes N]');
  process.exit(2);
}
/** The day shown: --datum, or today in Berlin. */
const shownDay = () => (dateMatch ? [Number(dateMatch[1]), Number(dateMatch[2]), Number(dateMatch[3])] : berlinToday());
const api = connection();

const SCHEDULE = `
  query Schedule($tenantId: ID!, $ids: [ID!]!, $from: DateTimeISO!, $to: DateTimeISO!) {
    roomSchedule(tenantId: $tenantId, bookableIds: $ids, from: $from, to: $to) {
      title
      slots { timeBegin timeEnd status title }
    }
  }`;

/** Reads the day's schedule (Berlin) and prints it as the display would show it. */
async function showDay() {
  const [year, month, day] = shownDay();
  const variables = { tenantId: api.tenantId, ids: [roomId], from: berlinMidnight(year, month, day).toISOString(), to: berlinMidnight(year, month, day + 1).toISOString() };
  const { roomSchedule: [room] } = await graphql(api, SCHEDULE, variables);
  console.log(`== ${room.title}, ${dateMatch ? berlinDate(variables.from) : 'heute'} ==`);
  if (room.slots.length === 0) console.log('Den ganzen Tag frei.');
  for (const slot of room.slots) {
    console.log(`${berlinTime(slot.timeBegin)}–${berlinTime(slot.timeEnd)} Uhr  ${slot.status === 'CONFIRMED' ? 'belegt' : 'angefragt'}${slot.title !== room.title ? ` (${slot.title})` : ''}`);
  }
}

await showDay();

// Live updates: the token travels as a connection parameter, as browsers cannot set headers on WebSockets.
const client = createClient({
  url: `${api.baseUrl.replace(/^http/, 'ws')}/graphql`,
  webSocketImpl: WebSocket,
  connectionParams: { authorization: `Bearer ${api.token}` },
  retryAttempts: Infinity,
});
let changes = 0;
const unsubscribe = client.subscribe(
  {
    query: 'subscription RoomChanges($tenantId: ID!, $ids: [ID!]!) { roomScheduleChanged(tenantId: $tenantId, bookableIds: $ids) { action bookingId } }',
    variables: { tenantId: api.tenantId, ids: [roomId] },
  },
  {
    next: async ({ data, errors }) => {
      if (errors?.length) {
        console.error(`Abo abgelehnt: ${errors[0].message}`);
        process.exit(1);
      }
      console.log(`Änderung: ${data.roomScheduleChanged.action} ${data.roomScheduleChanged.bookingId}`);
      await showDay();
      changes += 1;
      if (changes >= stopAfter) {
        unsubscribe();
        await client.dispose();
      }
    },
    error: (error) => {
      console.error('Verbindung verloren:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
    complete: () => {},
  },
);
client.on('connected', () => console.log('Live-Aktualisierung verbunden.'));
