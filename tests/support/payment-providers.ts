import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the two payment providers, speaking their documented protocols on a free
 * loopback port, so no test talks to the internet. The product is pointed at them through its
 * configuration (`env()`: GIROCHECKOUT_URL, PMPAYMENT_URL, PMPAYMENT_TEST_URL).
 *
 * GiroCheckout (`/girocheckout/api/v2`):
 * - POST paypage/init (form): checks the merchant, project and the HMAC-MD5 `hash` over the fields
 *   in their documented order; answers `{rc, msg, reference, url}` with the header `hash` =
 *   HMAC-MD5 of the body (rc 0 and the paypage URL, or rc 5100 for a wrong hash).
 * - GET /girocheckout/paypage/{reference}: the paypage.
 * pmPayment (`/pmpayment/prod` and `/pmpayment/test`, separate transactions per system):
 * - POST secure (form): checks the HMAC-SHA256 `hash` over "ags|amount|procedure|desc|notifyURL|
 *   redirectURL" with the salt; answers `{url, txid}` (400 `{error}` for a wrong hash).
 * - GET status/{ags}/{txid}: `{status (1 = paid), payment_method, amount, desc, txid}`, 404 unknown
 *   (`pmComplete(…, {statusAnswer})` makes it leave out or replace desc and amount).
 * - GET /pmpayment/{system}/pay/{txid}: the payment page.
 *
 * How a browser is sent through (e2e): the product's POST api/{tenant}/payments answers the
 * paypage URL; the browser opens it and sees a plain HTML page with the purpose, the amount and a
 * "Bezahlen" button (GiroCheckout also "Abbrechen"). The button posts to the stand-in, which first
 * sends the provider's notification to the product's notify URL (GiroCheckout: GET with signed gc*
 * fields; pmPayment: POST form {ags, txid}, the product then asks the status endpoint) and then
 * redirects the browser (302) to the return URL the product gave (GiroCheckout appends the signed
 * gc* fields), which ends on the product's /checkout/status page. Tests can do the same without a
 * browser: `giroNotification()` builds a signed notification, `pmComplete()` settles a transaction.
 * Another process (Playwright) registers credentials with POST /_stand-in/girocheckout/projects
 * {merchantId, projectId, secret} or /_stand-in/pmpayment/municipalities {ags, salt}; tests/e2e/run.ts
 * registers E2E_PAYMENT_CREDENTIALS beforehand and passes the URL as E2E_PAYMENTS_URL.
 */

export interface GiroProject {
  merchantId: string;
  projectId: string;
  secret: string;
}

export interface PmMunicipality {
  ags: string;
  salt: string;
}

export interface GiroTransaction {
  reference: string;
  fields: Record<string, string>;
}

export type PmSystem = 'prod' | 'test';

export interface PmTransaction {
  system: PmSystem;
  txid: string;
  fields: Record<string, string>;
  status: number;
  paymentMethod: string;
  /** How the status endpoint deviates from the truth for this transaction (tests of the product's checks). */
  statusAnswer?: PmStatusDeviation;
}

/** A status answer that leaves fields out or states other values than the transaction's. */
export interface PmStatusDeviation {
  omit?: ('desc' | 'amount')[];
  replace?: { desc?: unknown; amount?: unknown };
}

/** The gc* fields of a notification, in the order gcHash covers them (GiroCheckout API). */
const GIRO_NOTIFICATION_ORDER = ['gcPaymethod', 'gcType', 'gcProjectId', 'gcReference', 'gcMerchantTxId', 'gcBackendTxId', 'gcAmount', 'gcCurrency', 'gcResultPayment'];
/** The paypage init fields in the order the request hash covers them. */
const GIRO_INIT_ORDER = ['merchantId', 'projectId', 'merchantTxId', 'amount', 'currency', 'purpose', 'type', 'test', 'successUrl', 'backUrl', 'failUrl', 'notifyUrl'];

const md5 = (secret: string, text: string) => createHmac('md5', secret).update(text, 'utf8').digest('hex');
const sha256 = (salt: string, text: string) => createHmac('sha256', salt).update(text, 'utf8').digest('hex');
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function withParams(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

function page(title: string, lines: string[], forms: { action: string; label: string; fields?: Record<string, string> }[]): string {
  const buttons = forms
    .map(
      (form) =>
        `<form method="post" action="${escape(form.action)}">${Object.entries(form.fields ?? {})
          .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
          .join('')}<button type="submit">${escape(form.label)}</button></form>`,
    )
    .join('\n');
  return `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1>${lines.map((line) => `<p>${escape(line)}</p>`).join('')}\n${buttons}</body></html>`;
}

export class PaymentProviderStandIns {
  private server: Server | undefined;
  private base = '';
  readonly giroProjects = new Map<string, GiroProject>();
  readonly pmMunicipalities = new Map<string, PmMunicipality>();
  /** Every paypage init received (also refused ones), in order. */
  readonly giroInits: { fields: Record<string, string>; accepted: boolean }[] = [];
  readonly giroTransactions = new Map<string, GiroTransaction>();
  /** Every secure request received (also refused ones), in order. */
  readonly pmSecureRequests: { system: PmSystem; fields: Record<string, string>; accepted: boolean }[] = [];
  readonly pmTransactions = new Map<string, PmTransaction>();
  /** Status lookups received, as "system ags txid". */
  readonly pmStatusLookups: string[] = [];
  /** Tests of the product's answer check: the init answer's hash header is then wrong. */
  tamperGiroAnswerHash = false;

  get url(): string {
    return this.base;
  }

  get girocheckoutUrl(): string {
    return `${this.base}/girocheckout/api/v2`;
  }

  pmPaymentUrl(system: PmSystem = 'prod'): string {
    return `${this.base}/pmpayment/${system}`;
  }

  /** The product's configuration pointing at these stand-ins. */
  env(): Record<string, string> {
    return { GIROCHECKOUT_URL: this.girocheckoutUrl, PMPAYMENT_URL: this.pmPaymentUrl('prod'), PMPAYMENT_TEST_URL: this.pmPaymentUrl('test') };
  }

  addGiroProject(project: GiroProject): this {
    this.giroProjects.set(project.projectId, project);
    return this;
  }

  addPmMunicipality(municipality: PmMunicipality): this {
    this.pmMunicipalities.set(municipality.ags, municipality);
    return this;
  }

  async start(host = '127.0.0.1', port = 0): Promise<this> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        console.error('[payment-stand-ins]', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('stand-in error');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    this.base = `http://${host}:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  /** The last paypage transaction of a booking. */
  giroTransactionOf(bookingNumber: string): GiroTransaction | undefined {
    return [...this.giroTransactions.values()].reverse().find((tx) => tx.fields.merchantTxId === bookingNumber);
  }

  /** The last pmPayment transaction of a booking (its desc starts with the booking number). */
  pmTransactionOf(bookingNumber: string): PmTransaction | undefined {
    return [...this.pmTransactions.values()].reverse().find((tx) => tx.fields.desc.startsWith(bookingNumber));
  }

  /**
   * The signed gc* fields GiroCheckout sends for a paypage transaction (notification and return).
   * `override` changes fields after signing (a forgery); `secret` signs with another key.
   */
  giroNotification(reference: string, options: { result?: string; paymethod?: string; override?: Record<string, string>; secret?: string } = {}): Record<string, string> {
    const tx = this.giroTransactions.get(reference);
    if (!tx) throw new Error(`unknown paypage ${reference}`);
    const project = this.giroProjects.get(tx.fields.projectId) as GiroProject;
    const fields: Record<string, string> = {
      gcPaymethod: options.paymethod ?? '1',
      gcType: 'SALE',
      gcProjectId: tx.fields.projectId,
      gcReference: reference,
      gcMerchantTxId: tx.fields.merchantTxId,
      gcBackendTxId: `B${reference.slice(0, 8)}`,
      gcAmount: tx.fields.amount,
      gcCurrency: tx.fields.currency,
      gcResultPayment: options.result ?? '4000',
    };
    const gcHash = md5(options.secret ?? project.secret, GIRO_NOTIFICATION_ORDER.map((name) => fields[name]).join(''));
    return { ...fields, gcHash, ...options.override };
  }

  /** Settles a pmPayment transaction as its payment page would (status 1 = paid). */
  pmComplete(txid: string, options: { system?: PmSystem; status?: number; paymentMethod?: string; statusAnswer?: PmStatusDeviation } = {}): PmTransaction {
    const tx = this.pmTransactions.get(`${options.system ?? 'prod'}:${txid}`);
    if (!tx) throw new Error(`unknown pmPayment transaction ${txid}`);
    tx.status = options.status ?? 1;
    tx.paymentMethod = options.paymentMethod ?? 'giropay';
    tx.statusAnswer = options.statusAnswer;
    return tx;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    const path = url.pathname;
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(text);
      return text;
    };
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    const redirect = (location: string) => {
      res.writeHead(302, { location });
      res.end();
    };

    // Registration from another process (the e2e tests): JSON {merchantId, projectId, secret} or {ags, salt}.
    if (req.method === 'POST' && (path === '/_stand-in/girocheckout/projects' || path === '/_stand-in/pmpayment/municipalities')) {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
      if (path.includes('girocheckout')) this.addGiroProject({ merchantId: text('merchantId'), projectId: text('projectId'), secret: text('secret') });
      else this.addPmMunicipality({ ags: text('ags'), salt: text('salt') });
      return void json(201, { ok: true });
    }

    if (req.method === 'POST' && path === '/girocheckout/api/v2/paypage/init') {
      const fields = await readForm(req);
      const project = this.giroProjects.get(fields.projectId ?? '');
      const answer = (body: Record<string, unknown>) => {
        const text = JSON.stringify(body);
        const hash = project ? md5(project.secret, text) : '';
        res.writeHead(200, { 'content-type': 'application/json', hash: this.tamperGiroAnswerHash ? md5('falsch', text) : hash });
        res.end(text);
      };
      const expected = project ? md5(project.secret, GIRO_INIT_ORDER.map((name) => fields[name] ?? '').join('')) : '';
      const accepted = Boolean(project && project.merchantId === fields.merchantId && expected === fields.hash);
      this.giroInits.push({ fields, accepted });
      if (!accepted) return answer({ rc: 5100, msg: 'Hash ungültig', reference: null, url: null });
      const reference = randomUUID();
      this.giroTransactions.set(reference, { reference, fields });
      return answer({ rc: 0, msg: '', reference, url: `${this.base}/girocheckout/paypage/${reference}` });
    }

    const giroPage = /^\/girocheckout\/paypage\/([\w-]+)(\/pay)?$/.exec(path);
    if (giroPage) {
      const tx = this.giroTransactions.get(giroPage[1]);
      if (!tx) return void json(404, { error: 'unknown paypage' });
      if (req.method === 'GET' && !giroPage[2]) {
        const action = `${this.base}/girocheckout/paypage/${tx.reference}/pay`;
        return html(
          page('GiroCheckout (Testumgebung)', [`Verwendungszweck: ${tx.fields.purpose}`, `Betrag: ${(Number(tx.fields.amount) / 100).toFixed(2)} ${tx.fields.currency}`], [
            { action, label: 'Bezahlen', fields: { result: '4000' } },
            { action, label: 'Abbrechen', fields: { result: '4502' } },
          ]),
        );
      }
      if (req.method === 'POST' && giroPage[2]) {
        const form = await readForm(req);
        const params = this.giroNotification(tx.reference, { result: form.result === '4000' ? '4000' : '4502' });
        await fetch(withParams(tx.fields.notifyUrl, params)).catch((error: unknown) => console.error('[payment-stand-ins] notify failed', error));
        return redirect(withParams(form.result === '4000' ? tx.fields.successUrl : tx.fields.failUrl, params));
      }
    }

    const pm = /^\/pmpayment\/(prod|test)\/(secure|status\/([^/]+)\/([^/]+)|pay\/([\w-]+)(\/pay)?)$/.exec(path);
    if (pm) {
      const system = pm[1] as PmSystem;
      if (req.method === 'POST' && pm[2] === 'secure') {
        const fields = await readForm(req);
        const municipality = this.pmMunicipalities.get(fields.ags ?? '');
        const text = ['ags', 'amount', 'procedure', 'desc', 'notifyURL', 'redirectURL'].map((name) => fields[name] ?? '').join('|');
        const accepted = Boolean(municipality && sha256(municipality.salt, text) === fields.hash);
        this.pmSecureRequests.push({ system, fields, accepted });
        if (!accepted) return void json(400, { error: 'invalid hash' });
        const txid = randomUUID();
        this.pmTransactions.set(`${system}:${txid}`, { system, txid, fields, status: 0, paymentMethod: '' });
        return void json(200, { url: `${this.base}/pmpayment/${system}/pay/${txid}`, txid });
      }
      if (req.method === 'GET' && pm[3] !== undefined) {
        const ags = decodeURIComponent(pm[3]);
        const txid = decodeURIComponent(pm[4]);
        this.pmStatusLookups.push(`${system} ${ags} ${txid}`);
        const tx = this.pmTransactions.get(`${system}:${txid}`);
        if (!tx || tx.fields.ags !== ags) return void json(404, { error: 'unknown transaction' });
        const answer: Record<string, unknown> = { txid, status: tx.status, payment_method: tx.paymentMethod, amount: tx.fields.amount, desc: tx.fields.desc, ...tx.statusAnswer?.replace };
        for (const field of tx.statusAnswer?.omit ?? []) delete answer[field];
        return void json(200, answer);
      }
      if (pm[5] !== undefined) {
        const tx = this.pmTransactions.get(`${system}:${pm[5]}`);
        if (!tx) return void json(404, { error: 'unknown transaction' });
        if (req.method === 'GET' && !pm[6]) {
          return html(
            page(`pmPayment (${system})`, [`Verwendungszweck: ${tx.fields.desc}`, `Betrag: ${(Number(tx.fields.amount) / 100).toFixed(2)} EUR`], [
              { action: `${this.base}/pmpayment/${system}/pay/${tx.txid}/pay`, label: 'Bezahlen' },
            ]),
          );
        }
        if (req.method === 'POST' && pm[6]) {
          await readForm(req);
          this.pmComplete(tx.txid, { system });
          await fetch(tx.fields.notifyURL, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ ags: tx.fields.ags, txid: tx.txid }).toString(),
          }).catch((error: unknown) => console.error('[payment-stand-ins] notify failed', error));
          return redirect(tx.fields.redirectURL);
        }
      }
    }

    json(404, { error: `no stand-in for ${req.method ?? ''} ${path}` });
  }
}

/** Starts the stand-ins (tests: one per file; close them in afterAll). */
export function startPaymentProviders(): Promise<PaymentProviderStandIns> {
  return new PaymentProviderStandIns().start();
}
