import type pg from 'pg';
import type { GraphQLResponse, HttpResponse } from './http.js';

/**
 * Races on the product: many requests fired at the same moment (usually at two server processes on
 * one database), each answer reduced to its status and error code, and what PostgreSQL holds
 * afterwards. Shared by the checkout concurrency and the overbooking tests.
 */

export interface RaceOutcome {
  /** Which server or path answered (for the failure message). */
  via: string;
  status: number;
  /** The error catalogue's key (`booking.capacity`), from REST's problem+json or GraphQL's extensions. */
  code: string | undefined;
  /** The booking number of a stored checkout. */
  id: string | undefined;
  text: string;
}

export interface RaceRequest {
  via: string;
  send: () => Promise<HttpResponse | GraphQLResponse>;
}

const isGraphql = (response: HttpResponse | GraphQLResponse): response is GraphQLResponse => 'response' in response;

/** A REST or GraphQL answer as a race outcome: a GraphQL error counts with its catalogue status. */
export function outcomeOf(via: string, response: HttpResponse | GraphQLResponse): RaceOutcome {
  if (isGraphql(response)) {
    const error = response.errors?.[0]?.extensions;
    return {
      via,
      status: error ? Number(error.status ?? 500) : response.status,
      code: error ? String(error.key ?? error.code) : undefined,
      id: undefined,
      text: response.response.text.slice(0, 300),
    };
  }
  return { via, status: response.status, code: response.json?.code, id: response.status === 200 ? response.json?.id : undefined, text: response.text.slice(0, 300) };
}

/** Fires every request at once; answers in the requests' order. */
export async function fireAll(requests: readonly RaceRequest[]): Promise<RaceOutcome[]> {
  const responses = await Promise.all(requests.map((request) => request.send()));
  return responses.map((response, index) => outcomeOf(requests[index].via, response));
}

/** How many answers of each status and code, for failure messages ("409 booking.capacity": 47). */
export function tally(outcomes: readonly RaceOutcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, code } of outcomes) {
    const key = `${status}${code ? ` ${code}` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Bookings (not rejected) and booked units of one object overlapping a window, straight from PostgreSQL. */
export async function activeBookingsOf(sql: pg.Pool, bookableId: string, window: { timeBegin: number; timeEnd: number }) {
  const { rows } = await sql.query<{ bookings: string; items: string; units: string | null; numbers: string[] | null }>(
    `select count(distinct b.key) as bookings, count(i.id) as items, sum(i.amount) as units, array_agg(distinct b.number) as numbers
       from booking_items i join bookings b on b.key = i.booking_key
      where i.bookable_id = $1 and not b.is_rejected and i.time_begin < $3 and i.time_end > $2`,
    [bookableId, new Date(window.timeBegin), new Date(window.timeEnd)],
  );
  const [row] = rows;
  return { bookings: Number(row.bookings), items: Number(row.items), units: Number(row.units ?? 0), numbers: (row.numbers ?? []).filter(Boolean).sort() };
}
