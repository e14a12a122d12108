import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testAdmin } from '../support/app.js';
import { createUser, signIn } from '../support/fixtures.js';
import { queuedJobs, waitForSettledQueue } from '../support/job-queue.js';
import type { HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { logger } from '../../server/src/shared/logging.js';
import { MAIL_WAIT_CEILING_MS } from '../support/waits.js';

/**
 * Whose server sends: with the instance's own mail server in use and complete, mails go out
 * through the instance's SMTP server (with its login) or through Office365 Graph (client-credential
 * token, then sendMail); otherwise through the environment's SMTP server. With mail switched off
 * (`mailEnabled: false`) nothing goes out at all.
 */
let app: TestApp;
let admin: HttpClient;
let instanceSmtp: SMTPServer;
let smtpPort = 0;
const instanceMails: { from: string; to: string[]; subject: string; user: string | undefined }[] = [];
let graph: Server;
let graphUrl = '';
const graphCalls: { path: string; auth: string | undefined; body: string }[] = [];
const user = { id: 'post@example.com', password: 'post-passwort-1' };

beforeAll(async () => {
  instanceSmtp = new SMTPServer({
    // STARTTLS with smtp-server's built-in self-signed certificate (the product skips certificate checks there).
    secure: false,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth: (auth, _session, callback) => {
      if (auth.username === 'instanz-user' && auth.password === 'instanz-smtp-passwort') return callback(null, { user: auth.username });
      return callback(new Error('Invalid login'));
    },
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          instanceMails.push({
            from: parsed.from?.text ?? '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            user: session.user as string | undefined,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => instanceSmtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (instanceSmtp.server.address() as AddressInfo).port;

  graph = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += String(chunk)));
    req.on('end', () => {
      graphCalls.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      if (req.url?.endsWith('/oauth2/v2.0/token')) return res.end(JSON.stringify({ access_token: 'graph-access-token', expires_in: 3600 }));
      if (req.url?.includes('/sendMail')) {
        res.statusCode = 202;
        return res.end();
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  graphUrl = `http://127.0.0.1:${(graph.address() as AddressInfo).port}`;

  app = await startTestApp({ GRAPH_LOGIN_URL: graphUrl, GRAPH_API_URL: graphUrl });
  await createUser(app.orm, user);
  admin = app.client({ ip: '10.68.0.1' });
  await signIn(admin, testAdmin.id, testAdmin.password);
});
afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => instanceSmtp.close(() => resolve()));
  graph.closeAllConnections();
  await new Promise<void>((resolve) => graph.close(() => resolve()));
});

const requestReset = (ip: string) => app.client({ ip }).post('/auth/resetpassword', { id: user.id, password: 'neues-passwort-1' });

async function waitFor<T>(find: () => T | undefined, timeoutMs = MAIL_WAIT_CEILING_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('instance mail configuration', () => {
  it('uses the environment SMTP while the instance does not use its own server', async () => {
    expect((await requestReset('10.68.1.1')).status).toBe(200);
    await app.smtp.waitForMail(user.id, 'Kennworts');
    expect(instanceMails).toHaveLength(0);
  });

  it("sends through the instance's SMTP server with its login when it uses its own server", async () => {
    const response = await admin.put('/api/instances', {
      useOwnMailServer: true,
      noreplyUseGraphApi: false,
      noreplyMail: 'noreply@stadt.example',
      noreplyDisplayName: 'Stadt Musterstadt',
      noreplyHost: '127.0.0.1',
      noreplyPort: smtpPort,
      noreplyUser: 'instanz-user',
      noreplyPassword: 'instanz-smtp-passwort',
      noreplyStarttls: true,
    });
    expect(response.status, response.text).toBe(200);
    const before = app.smtp.mails.length;
    expect((await requestReset('10.68.1.2')).status).toBe(200);
    const mail = await waitFor(() => instanceMails.find((entry) => entry.to.includes(user.id)));
    expect(mail).toMatchObject({ from: '"Stadt Musterstadt" <noreply@stadt.example>', user: 'instanz-user' });
    expect(mail.subject).toContain('Kennworts');
    expect(app.smtp.mails.length).toBe(before);
  });

  it('sends with Office365 Graph (client-credential token, then sendMail without saving)', async () => {
    const response = await admin.put('/api/instances', {
      noreplyUseGraphApi: true,
      noreplyGraphTenantId: 'mandant-123',
      noreplyGraphClientId: 'client-456',
      noreplyGraphClientSecret: 'graph-geheimnis',
    });
    expect(response.status, response.text).toBe(200);
    expect((await requestReset('10.68.1.3')).status).toBe(200);
    const send = await waitFor(() => graphCalls.find((call) => call.path.includes('/sendMail')));
    const token = graphCalls.find((call) => call.path === '/mandant-123/oauth2/v2.0/token')!;
    const form = new URLSearchParams(token.body);
    expect(Object.fromEntries(form)).toMatchObject({ grant_type: 'client_credentials', client_id: 'client-456', client_secret: 'graph-geheimnis' });
    expect(send.path).toBe('/v1.0/users/noreply%40stadt.example/sendMail');
    expect(send.auth).toBe('Bearer graph-access-token');
    const message = JSON.parse(send.body);
    expect(message.saveToSentItems).toBe(false);
    expect(message.message.toRecipients).toEqual([{ emailAddress: { address: user.id } }]);
    expect(message.message.subject).toContain('Kennworts');
  });

  it('falls back to the environment SMTP when the own server is no longer used', async () => {
    await admin.put('/api/instances', { useOwnMailServer: false });
    const before = graphCalls.length;
    const count = app.smtp.mails.filter((mail) => mail.to.includes(user.id)).length;
    expect((await requestReset('10.68.1.4')).status).toBe(200);
    await waitFor(() => (app.smtp.mails.filter((mail) => mail.to.includes(user.id)).length > count ? true : undefined));
    expect(graphCalls.length).toBe(before);
  });

  it('sends nothing while mail is switched off: the mail job ends as done and the log notes the suppressed mail without its recipient', async () => {
    const switchedOff = await admin.put('/api/instances', { mailEnabled: false });
    expect(switchedOff.status, switchedOff.text).toBe(200);
    expect(switchedOff.json).toMatchObject({ mailEnabled: false });
    const logged = vi.spyOn(logger, 'info');
    try {
      const before = app.smtp.mails.length;
      expect((await requestReset('10.68.1.5')).status).toBe(200);
      await waitForSettledQueue(app.orm);
      expect(app.smtp.mails.length).toBe(before);
      const lines = logged.mock.calls.map((call) => call.map(String).join(' '));
      expect(lines.some((line) => line.startsWith('[mail] unterdrückt (Mailversand der Instanz ausgeschaltet)'))).toBe(true);
      // The log names no recipient.
      expect(lines.filter((line) => line.includes(user.id))).toEqual([]);
      // Not failed and waiting for a retry: suppressed is final.
      expect(await queuedJobs(app.orm, 'account-password-reset-mail')).toEqual([]);
    } finally {
      logged.mockRestore();
      await admin.put('/api/instances', { mailEnabled: true });
    }
    const count = app.smtp.mails.length;
    expect((await requestReset('10.68.1.6')).status).toBe(200);
    await waitFor(() => (app.smtp.mails.length > count ? true : undefined));
    expect(app.smtp.mails.slice(count).map((mail) => mail.to)).toEqual([[user.id]]);
  });
});
