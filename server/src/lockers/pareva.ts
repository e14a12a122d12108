import { LockerSystemError, type LockerSystem, type LockerUnitRequest, type ParevaSettings } from './locker-system.js';

/** How long one call to the pareva server may take before the job tries again later. */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * The pareva locker server over its REST interface. A locker installation (`lockerId`) holds unit
 * groups (products); a reservation opens `amount` units of a group for a period, under our
 * reservation id as external reference, so a repeated call finds the one it made before:
 *
 *   POST   {serverUrl}/api/v1/lockers/{lockerId}/reservations                 open units
 *   DELETE {serverUrl}/api/v1/lockers/{lockerId}/reservations/{reservationId}  give them back
 *
 * Every call carries the API key (X-API-Key) and the user's credentials (HTTP Basic). A conflict on
 * opening (the reference exists) and "not found" on giving back count as done.
 */
export class ParevaLockerSystem implements LockerSystem {
  constructor(
    private readonly settings: ParevaSettings,
    private readonly send: typeof fetch = fetch,
  ) {}

  async activate(request: LockerUnitRequest): Promise<void> {
    const response = await this.call('POST', this.reservationsUrl(), {
      externalId: request.reservationId,
      reference: request.bookingId,
      productId: request.unitId,
      quantity: request.amount,
      validFrom: request.begin.toISOString(),
      validUntil: request.end.toISOString(),
    });
    if (response.ok || response.status === 409) return;
    throw await this.refusal('Öffnen', response);
  }

  async release(request: LockerUnitRequest): Promise<void> {
    const response = await this.call('DELETE', `${this.reservationsUrl()}/${encodeURIComponent(request.reservationId)}`);
    if (response.ok || response.status === 404 || response.status === 410) return;
    throw await this.refusal('Freigeben', response);
  }

  private reservationsUrl(): string {
    const { serverUrl, lockerId } = this.settings;
    if (!serverUrl) throw new LockerSystemError('Für Pareva ist keine Server-URL eingetragen.');
    if (!lockerId) throw new LockerSystemError('Für Pareva ist keine Schließfach-ID eingetragen.');
    return `${serverUrl}/api/v1/lockers/${encodeURIComponent(lockerId)}/reservations`;
  }

  private async call(method: 'POST' | 'DELETE', url: string, body?: Record<string, unknown>): Promise<Response> {
    const { apiKey, user, password } = this.settings;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (apiKey) headers['x-api-key'] = apiKey;
    if (user) headers.authorization = `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
    if (body) headers['content-type'] = 'application/json';
    try {
      return await this.send(url, { method, headers, body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), redirect: 'error' });
    } catch (error) {
      throw new LockerSystemError(`Der Pareva-Server ist nicht erreichbar (${(error as Error).message}).`);
    }
  }

  private async refusal(action: string, response: Response): Promise<LockerSystemError> {
    const detail = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
    return new LockerSystemError(`${action} der Schließfächer bei Pareva fehlgeschlagen: HTTP ${response.status}${detail ? ` (${detail})` : ''}.`);
  }
}
