import { describe, expect, it } from 'vitest';
import { LockerSystemError } from './locker-system.js';
import { ParevaLockerSystem } from './pareva.js';

const settings = { serverUrl: 'https://pareva.example', apiKey: 'schluessel', lockerId: 'RAD 1', user: 'stadt', password: 'geheim' };
const request = { reservationId: 'res-1', bookingId: 'ABCD-EFGH', unitId: 'P-7', amount: 2, begin: new Date('2026-12-01T09:00:00Z'), end: new Date('2026-12-01T12:00:00Z') };

/** A fetch that answers each call with the next status and remembers what it was asked. */
function fakeFetch(...statuses: number[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const send = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(statuses.length > 1 ? 'Fach belegt' : null, { status: statuses.shift() ?? 500 });
  }) as unknown as typeof fetch;
  return { calls, send };
}

describe('the pareva client', () => {
  it('opens units with a reservation under our id, with the API key and the user credentials', async () => {
    const { calls, send } = fakeFetch(201);
    await new ParevaLockerSystem(settings, send).activate(request);
    expect(calls[0].url).toBe('https://pareva.example/api/v1/lockers/RAD%201/reservations');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.headers).toMatchObject({ 'x-api-key': 'schluessel', authorization: `Basic ${Buffer.from('stadt:geheim').toString('base64')}`, 'content-type': 'application/json' });
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      externalId: 'res-1',
      reference: 'ABCD-EFGH',
      productId: 'P-7',
      quantity: 2,
      validFrom: '2026-12-01T09:00:00.000Z',
      validUntil: '2026-12-01T12:00:00.000Z',
    });
  });

  it('gives units back by our id; a repeat (conflict on opening, not found on giving back) counts as done', async () => {
    const { calls, send } = fakeFetch(409, 404);
    const pareva = new ParevaLockerSystem(settings, send);
    await pareva.activate(request);
    await pareva.release(request);
    expect(calls[1]).toMatchObject({ url: 'https://pareva.example/api/v1/lockers/RAD%201/reservations/res-1', init: { method: 'DELETE' } });
  });

  it('reports refusals, an unreachable server and missing settings in German', async () => {
    await expect(new ParevaLockerSystem(settings, fakeFetch(503, 0).send).activate(request)).rejects.toThrow(
      'Öffnen der Schließfächer bei Pareva fehlgeschlagen: HTTP 503 (Fach belegt).',
    );
    const unreachable = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(new ParevaLockerSystem(settings, unreachable).release(request)).rejects.toThrow(LockerSystemError);
    await expect(new ParevaLockerSystem({ ...settings, serverUrl: '' }, fakeFetch(200).send).activate(request)).rejects.toThrow('Für Pareva ist keine Server-URL eingetragen.');
  });
});
