import type { ChildProcess } from 'node:child_process';
import { startHaproxy } from '../tests/support/haproxy.js';
import type { MailSink } from './mail-sink.js';
import type { BenchRequest, QueueTask, RushCheck, RushEvent } from './protocol.js';

/**
 * The concert goes on sale: an event with 2,000 seats and 1,000 buyers arriving in the same moment,
 * through HAProxy on two server processes (each with its own pools and job worker, both mailing to
 * one SMTP capture). Every buyer is a guest checkout of its own with an Idempotency-Key, 1 to 4
 * tickets, every fifth with a coupon that may be used 100 times, every tenth sent twice with the
 * same key (a client retrying after a lost answer). Afterwards PostgreSQL is asked what was sold and
 * the capture how many mails each buyer received.
 */

export const RUSH_SEATS = 2_000;
export const RUSH_BUYERS = 1_000;
export const RUSH_COUPON_USES = 100;
/** Buyers whose requests are in flight at once (the rest queue in the client, as in browsers on many phones). */
const RUSH_IN_FLIGHT = 200;
/** How long the job workers may take to send the last confirmation after the last answer. */
const MAIL_CEILING_MS = 180_000;

export interface RushDeps {
  ask: <T>(request: BenchRequest) => Promise<T>;
  /** A further server process of the built product on the benchmark's database, with extra environment. */
  serverProcess: (port: number, env: Record<string, string>) => ChildProcess;
  freePort: () => Promise<number>;
  percentile: (sorted: number[], p: number) => number;
  fixed: (value: number, digits?: number) => string;
  /** The run's mail server, which every server process mails to. */
  mails: MailSink;
}

interface Buyer {
  mail: string;
  amount: number;
  coupon: boolean;
  retried: boolean;
  key: string;
}

interface Answer {
  status: number;
  code: string;
  bookingId: string | null;
  ms: number;
}

const buyers: Buyer[] = Array.from({ length: RUSH_BUYERS }, (_, n) => ({
  mail: `kaeufer-${n}@example.com`,
  amount: 1 + ((n * 7) % 4),
  coupon: n % 5 === 0,
  retried: n % 10 === 3,
  key: `konzert-${n}`,
}));

const customer = { street: 'Hauptstraße 1', zipCode: '12345', location: 'Musterstadt', phone: '0123', company: '', comment: '' };

export async function measureTicketRush(deps: RushDeps): Promise<string> {
  const { fixed } = deps;
  const event = await deps.ask<RushEvent>({ type: 'rushEvent', seats: RUSH_SEATS, couponUses: RUSH_COUPON_USES });
  const ports = [await deps.freePort(), await deps.freePort()];
  const replicas = ports.map((port) => deps.serverProcess(port, {}));
  await Promise.all(replicas.map((replica) => new Promise((resolve) => replica.once('message', resolve))));
  const haproxy = await startHaproxy({ port: await deps.freePort(), replicas: ports.map((port) => `127.0.0.1:${port}`) });
  try {
    const checkout = async (buyer: Buyer): Promise<Answer> => {
      const body = {
        bookableItems: [{ bookableId: event.ticketIds[buyer.amount % event.ticketIds.length], amount: buyer.amount }],
        name: `Käufer ${buyer.key}`,
        mail: buyer.mail,
        ...customer,
        ...(buyer.coupon ? { couponCode: event.couponCode } : {}),
      };
      const start = performance.now();
      try {
        const response = await fetch(`${haproxy.url}/api/${event.tenantId}/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': buyer.key },
          body: JSON.stringify(body),
        });
        const json = (await response.json().catch(() => ({}))) as { id?: string; code?: string };
        return { status: response.status, code: json.code ?? '', bookingId: json.id ?? null, ms: performance.now() - start };
      } catch (error) {
        return { status: 0, code: String((error as Error).message), bookingId: null, ms: performance.now() - start };
      }
    };

    // What the balancer's health checks see meanwhile: each replica's /readyz, asked every 500 ms.
    const probes = { answers: 0, notReady: 0, slowestMs: 0, failing: new Set<string>() };
    let rushing = true;
    const probing = Promise.all(
      ports.map(async (port) => {
        while (rushing) {
          const start = performance.now();
          const answer = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
          const body = answer ? ((await answer.json().catch(() => ({}))) as { failing?: string[] }) : { failing: ['keine Antwort'] };
          probes.answers++;
          probes.slowestMs = Math.max(probes.slowestMs, performance.now() - start);
          if (answer?.status !== 200) {
            probes.notReady++;
            for (const name of body.failing ?? []) probes.failing.add(name);
          }
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }),
    );
    const started = performance.now();
    let soldOutAt: number | null = null;
    const answers: { buyer: Buyer; attempts: Answer[] }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: RUSH_IN_FLIGHT }, async () => {
        while (next < buyers.length) {
          const buyer = buyers[next++];
          const attempts = buyer.retried ? await Promise.all([checkout(buyer), checkout(buyer)]) : [await checkout(buyer)];
          if (soldOutAt === null && attempts.some((attempt) => attempt.code === 'booking.event-full')) soldOutAt = performance.now() - started;
          answers.push({ buyer, attempts });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    rushing = false;
    await probing;
    const requests = answers.flatMap((entry) => entry.attempts);
    const sorted = requests.map((attempt) => attempt.ms).sort((a, b) => a - b);
    const tally = new Map<string, number>();
    for (const attempt of requests) {
      const key = `${attempt.status}${attempt.code ? ` ${attempt.code}` : ''}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    const buyersWithBooking = answers.filter((entry) => entry.attempts[0].status === 200);
    // A retry answers the booking of the first attempt: one booking per buyer, whatever came first.
    const retriesAgreeing = answers.filter((entry) => entry.buyer.retried && entry.attempts[0].bookingId === entry.attempts[1].bookingId && entry.attempts[0].status === entry.attempts[1].status).length;
    const retried = answers.filter((entry) => entry.buyer.retried).length;
    const serverErrors = requests.filter((attempt) => attempt.status >= 500 || attempt.status === 0).length;

    const check = await deps.ask<RushCheck>({ type: 'rushCheck', eventId: event.eventId, couponCode: event.couponCode, tenantId: event.tenantId });
    // Every buyer with a booking gets exactly one confirmation: wait for the last, then look for doubles.
    const expected = new Set(buyersWithBooking.map((entry) => entry.buyer.mail));
    const mailDeadline = Date.now() + MAIL_CEILING_MS;
    const mailsTo = () => deps.mails.deliveredTo('kaeufer-');
    while (Date.now() < mailDeadline && [...expected].some((mail) => !mailsTo().has(mail))) await new Promise((resolve) => setTimeout(resolve, 250));
    const mailSeconds = (performance.now() - started) / 1000;
    const counts = mailsTo();
    const missing = [...expected].filter((mail) => !counts.has(mail)).length;
    const queue = await deps.ask<QueueTask[]>({ type: 'queue' });
    const doubled = [...counts.values()].filter((count) => count > 1).length;
    const unexpected = [...counts.keys()].filter((mail) => !expected.has(mail)).length;

    return [
      `Kartenverkauf: eine Veranstaltung mit ${RUSH_SEATS.toLocaleString('de-DE')} Plätzen (zwei Kartenarten), ${RUSH_BUYERS.toLocaleString('de-DE')} Gäste gleichzeitig (je 1–4 Karten, jeder fünfte mit einem Gutschein für ${RUSH_COUPON_USES} Einlösungen, jeder zehnte schickt dieselbe Anfrage mit demselben Idempotency-Key zweimal), ${RUSH_IN_FLIGHT} Anfragen zugleich unterwegs, über HAProxy auf zwei Serverprozesse, alle Mails an den SMTP-Empfänger des Laufs:`,
      '',
      '| Messung | Wert |\n|---|---:|',
      `| Anfragen (mit Wiederholungen) | ${requests.length} |`,
      `| Dauer bis zur letzten Antwort | ${fixed(seconds, 1)} s |`,
      `| Ausverkauft (erste Antwort „ausgebucht“) nach | ${soldOutAt === null ? 'nie' : `${fixed(soldOutAt / 1000, 1)} s`} |`,
      `| Checkouts/s | ${fixed(requests.length / seconds, 0)} |`,
      `| Checkout p50 / p99 | ${fixed(deps.percentile(sorted, 50), 0)} / ${fixed(deps.percentile(sorted, 99), 0)} ms |`,
      `| Antworten | ${[...tally.entries()].map(([key, count]) => `${key}: ${count}`).join(', ')} |`,
      `| Verkaufte Plätze (SQL) | ${check.seats} von ${RUSH_SEATS} in ${check.bookings} Buchungen |`,
      `| Überbucht (SQL) | ${Math.max(0, check.seats - RUSH_SEATS)} |`,
      `| Buchungen je Käufer höchstens 1 (SQL) | ${check.buyersWithTwoBookings === 0 ? 'ja' : `nein (${check.buyersWithTwoBookings} doppelt)`} |`,
      `| Wiederholte Anfragen mit derselben Antwort | ${retriesAgreeing} von ${retried} |`,
      `| Gutschein eingelöst (SQL) | ${check.couponUsed} von ${RUSH_COUPON_USES} |`,
      `| 5xx oder ohne Antwort | ${serverErrors} |`,
      `| /readyz der Serverprozesse währenddessen: nicht bereit / langsamste Antwort | ${probes.notReady} von ${probes.answers}${probes.failing.size > 0 ? ` (${[...probes.failing].join(', ')})` : ''} / ${fixed(probes.slowestMs, 0)} ms |`,
      `| Bestätigungen: fehlend / doppelt / unerwartet | ${missing} / ${doubled} / ${unexpected} (${missing === 0 ? 'alle da' : 'gewartet bis'} nach ${fixed(mailSeconds, 1)} s) |`,
      `| Aufträge danach noch in der Warteschlange | ${queue.length === 0 ? 'keine' : queue.map((entry) => `${entry.task}: ${entry.left}${entry.retried > 0 ? ` (${entry.retried} wiederholt: ${entry.error ?? ''})` : ''}`).join('; ')} |`,
    ].join('\n');
  } finally {
    await haproxy.stop();
    for (const replica of replicas) replica.send({ type: 'stop' });
    await Promise.all(replicas.map((replica) => new Promise((resolve) => replica.once('exit', resolve))));
  }
}
