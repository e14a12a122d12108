import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { checkedLookup, isPublicAddress, RefusedAddressError, type WebhookNetworkRules } from './webhook-address.js';

/** A receiver gets this long for its answer, the connection included (WEBHOOK_TIMEOUT_SECONDS sets the server's). */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** Only this much of an answer is read (its status matters, not its body). */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * POSTs one signed delivery. 2xx is success; anything else, a redirect included (it is never
 * followed: its target was not checked), a refused address, a timeout or a network error is a
 * failure to retry.
 */
export function sendWebhook(url: string, headers: Record<string, string>, body: string, rules: WebhookNetworkRules, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<SendResult> {
  const started = Date.now();
  const done = (ok: boolean, statusCode: number | null, error: string | null): SendResult => ({ ok, statusCode, durationMs: Date.now() - started, error });
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve(done(false, null, 'Ungültige Adresse'));
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    // An IP literal is connected to without a lookup: checked here instead.
    if (!rules.allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) {
      resolve(done(false, null, new RefusedAddressError(host).message));
      return;
    }
    if (!rules.allowPrivate && target.protocol !== 'https:') {
      resolve(done(false, null, 'Nur https-Adressen sind erlaubt'));
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      target,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body).toString(), 'user-agent': 'Buchungsplattform-Webhooks/1' }, lookup: checkedLookup(rules), agent: false },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const end = () => {
          if (status >= 200 && status < 300) finish(done(true, status, null));
          else if (status >= 300 && status < 400) finish(done(false, status, 'Weiterleitungen werden nicht verfolgt'));
          else finish(done(false, status, `Antwort ${status}`));
        };
        response.on('end', end);
        response.on('close', end);
        response.on('error', end);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`Keine Antwort nach ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    request.on('error', (error) => finish(done(false, null, error.message.slice(0, 500))));
    request.end(body);
  });
}
