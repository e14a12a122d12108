import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { Instance } from '../instance/instance.entity.js';
import { mailSenderSettings, type MailSenderSettings, type MailDeliveryState } from './mail-sender.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { MailService, type RenderedMail } from './mail.service.js';
import { logger } from '../shared/logging.js';

/**
 * The sending rules (docs/administration.md, “Mail sending”): a tenant's own configuration when it
 * does not use the instance's and is complete, otherwise the instance's when switched on and
 * complete, otherwise the environment's SMTP server. One capture server stands for all three SMTP servers; the login
 * tells them apart (the environment's is used without one).
 */

interface Captured {
  user: string | undefined;
  from: string;
  rcpt: string[];
  subject: string;
  html: string;
  text: string;
  attachments: { filename?: string; cid?: string; contentType: string; size: number }[];
}

const logins: Record<string, string> = { 'mandant-user': 'mandant-passwort', 'instanz-user': 'instanz-passwort' };
const captured: Captured[] = [];
let smtp: SMTPServer;
let smtpPort = 0;
let graph: Server;
let graphUrl = '';
const graphCalls: { path: string; body: string }[] = [];
const services: MailService[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth: (auth, _session, callback) => {
      if (auth.username && logins[auth.username] === auth.password) return callback(null, { user: auth.username });
      return callback(new Error('Invalid login'));
    },
    onData: (stream, session, callback) => {
      simpleParser(stream, { skipImageLinks: true })
        .then((parsed) => {
          captured.push({
            user: session.user as string | undefined,
            from: parsed.from?.text ?? '',
            rcpt: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            text: parsed.text ?? '',
            attachments: parsed.attachments.map((attachment) => ({
              filename: attachment.filename,
              cid: attachment.cid,
              contentType: attachment.contentType,
              size: attachment.size,
            })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  graph = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += String(chunk)));
    req.on('end', () => {
      graphCalls.push({ path: req.url ?? '', body });
      res.setHeader('content-type', 'application/json');
      if (req.url?.endsWith('/oauth2/v2.0/token')) return res.end(JSON.stringify({ access_token: 'token', expires_in: 3600 }));
      res.statusCode = req.url?.includes('/sendMail') ? 202 : 404;
      res.end();
    });
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  graphUrl = `http://127.0.0.1:${(graph.address() as AddressInfo).port}`;
});

afterEach(() => {
  for (const service of services.splice(0)) service.close();
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  graph.closeAllConnections();
  await new Promise<void>((resolve) => graph.close(() => resolve()));
});

/** The instance sends, with the given own server (or the environment's when null). */
const sending = (ownServer: MailSenderSettings | null): MailDeliveryState => ({ sendingEnabled: true, ownServer });

function mailService(instanceMail: () => Promise<MailDeliveryState>): MailService {
  const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 's'.repeat(32), SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), MAIL_FROM: 'Umgebung <noreply@env.example>', DATA_DIR: '/tmp/mail-sender-test' });
  const service = new MailService(config, instanceMail, { loginUrl: graphUrl, apiUrl: graphUrl });
  services.push(service);
  return service;
}

function tenant(fields: Partial<Tenant>): Tenant {
  return Object.assign(new Tenant(), { name: 'Bürgerhaus', ...fields });
}

function instance(fields: Partial<Instance>): Instance {
  return Object.assign(new Instance(), fields);
}

const tenantSmtp = {
  noreplyMail: 'noreply@buergerhaus.example',
  noreplyDisplayName: 'Bürgerhaus "Nord"',
  noreplyHost: '127.0.0.1',
  noreplyUser: 'mandant-user',
  noreplyPassword: 'mandant-passwort',
  noreplyStarttls: true,
};
const instanceSmtp = {
  useOwnMailServer: true,
  noreplyMail: 'noreply@stadt.example',
  noreplyDisplayName: 'Stadt',
  noreplyHost: '127.0.0.1',
  noreplyUser: 'instanz-user',
  noreplyPassword: 'instanz-passwort',
  noreplyStarttls: true,
};

const message = (to: string, extra: Partial<RenderedMail> = {}): RenderedMail => ({ to, subject: `Betreff ${to}`, html: '<p>Hallo</p>', text: 'Hallo', ...extra });
const receivedBy = (to: string) => captured.find((mail) => mail.rcpt.includes(to));

describe('whose configuration counts', () => {
  it("a tenant's own SMTP configuration when it does not use the instance's and is complete", () => {
    expect(mailSenderSettings(tenant({ ...tenantSmtp, noreplyPort: 587 }))).toEqual({
      kind: 'smtp',
      from: '"Bürgerhaus Nord" <noreply@buergerhaus.example>',
      host: '127.0.0.1',
      port: 587,
      user: 'mandant-user',
      password: 'mandant-passwort',
      starttls: true,
    });
  });

  it('not when the tenant uses the instance mail or its configuration is incomplete', () => {
    expect(mailSenderSettings(tenant({ ...tenantSmtp, noreplyPort: 587, useInstanceMail: true }))).toBeNull();
    expect(mailSenderSettings(tenant({ ...tenantSmtp, noreplyPort: null }))).toBeNull();
    expect(mailSenderSettings(tenant({ ...tenantSmtp, noreplyPort: 587, noreplyPassword: null }))).toBeNull();
    expect(mailSenderSettings(tenant({ ...tenantSmtp, noreplyPort: 587, noreplyDisplayName: '' }))).toBeNull();
    expect(mailSenderSettings(tenant({}))).toBeNull();
  });

  it("a tenant's Graph configuration needs all of its fields", () => {
    const graphTenant = { noreplyUseGraphApi: true, noreplyMail: 'noreply@buergerhaus.example', noreplyDisplayName: 'Bürgerhaus', noreplyGraphTenantId: 'ms-tenant', noreplyGraphClientId: 'client' };
    expect(mailSenderSettings(tenant({ ...graphTenant, noreplyGraphClientSecret: 'geheim' }))).toEqual({
      kind: 'graph',
      from: '"Bürgerhaus" <noreply@buergerhaus.example>',
      mail: 'noreply@buergerhaus.example',
      tenantId: 'ms-tenant',
      clientId: 'client',
      clientSecret: 'geheim',
    });
    expect(mailSenderSettings(tenant(graphTenant))).toBeNull();
  });

  it("the instance's configuration only while it uses its own server", () => {
    expect(mailSenderSettings(instance({ ...instanceSmtp, noreplyPort: 465 }))).toMatchObject({ kind: 'smtp', from: '"Stadt" <noreply@stadt.example>', port: 465 });
    expect(mailSenderSettings(instance({ ...instanceSmtp, noreplyPort: 465, useOwnMailServer: false }))).toBeNull();
  });
});

describe('MailService.sendRendered', () => {
  const instanceSettings = () => mailSenderSettings(instance({ ...instanceSmtp, noreplyPort: smtpPort }));

  it("sends with the tenant's SMTP server, with BCC and an inline attachment", async () => {
    const service = mailService(async () => sending(instanceSettings()));
    const sender = mailSenderSettings(tenant({ ...tenantSmtp, noreplyPort: smtpPort }));
    await service.sendRendered(
      message('kunde1@example.com', {
        bcc: 'buchung@buergerhaus.example',
        html: '<p>Hallo</p><img src="cid:qrcode_cid" />',
        attachments: [{ filename: 'qrcode.png', content: Buffer.from('png-bytes'), contentType: 'image/png', cid: 'qrcode_cid' }],
      }),
      sender,
    );
    const mail = receivedBy('kunde1@example.com')!;
    expect(mail).toMatchObject({ user: 'mandant-user', from: '"Bürgerhaus Nord" <noreply@buergerhaus.example>', subject: 'Betreff kunde1@example.com', text: 'Hallo' });
    expect(mail.rcpt).toEqual(['kunde1@example.com', 'buchung@buergerhaus.example']);
    expect(mail.html).toContain('cid:qrcode_cid');
    expect(mail.attachments).toEqual([{ filename: 'qrcode.png', cid: 'qrcode_cid', contentType: 'image/png', size: 9 }]);
  });

  it("without a tenant sender the instance's configuration", async () => {
    const service = mailService(async () => sending(instanceSettings()));
    await service.sendRendered(message('kunde2@example.com'), mailSenderSettings(tenant({ ...tenantSmtp, noreplyPort: smtpPort, useInstanceMail: true })));
    expect(receivedBy('kunde2@example.com')).toMatchObject({ user: 'instanz-user', from: '"Stadt" <noreply@stadt.example>' });
  });

  it("without either the environment's SMTP server", async () => {
    const service = mailService(async () => sending(null));
    await service.sendRendered(message('kunde3@example.com', { bcc: 'kopie@example.com' }));
    expect(receivedBy('kunde3@example.com')).toMatchObject({ user: undefined, from: '"Umgebung" <noreply@env.example>', rcpt: ['kunde3@example.com', 'kopie@example.com'] });
  });

  it('an unreadable instance configuration fails the send (the job retries it) instead of mailing against a switch it cannot read', async () => {
    const service = mailService(async () => {
      throw new Error('database down');
    });
    await expect(service.sendRendered(message('kunde4@example.com'))).rejects.toThrow('database down');
    expect(receivedBy('kunde4@example.com')).toBeUndefined();
  });

  it('while the instance has mail switched off, no mail leaves, whoever the sender, and each is logged as suppressed without naming recipient or subject', async () => {
    const service = mailService(async () => ({ sendingEnabled: false, ownServer: instanceSettings() }));
    const logged = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    try {
      await service.sendRendered(message('kunde7@example.com'), mailSenderSettings(tenant({ ...tenantSmtp, noreplyPort: smtpPort })));
      await service.send({ to: 'nutzer7@example.com', subject: 'Kennwort', paragraphs: ['Absatz'] });
      expect(logged.mock.calls.map((call) => JSON.stringify(call))).toEqual([
        JSON.stringify(['[mail] unterdrückt (Mailversand der Instanz ausgeschaltet)']),
        JSON.stringify(['[mail] unterdrückt (Mailversand der Instanz ausgeschaltet)']),
      ]);
    } finally {
      logged.mockRestore();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receivedBy('kunde7@example.com')).toBeUndefined();
    expect(receivedBy('nutzer7@example.com')).toBeUndefined();
    expect(graphCalls.some((call) => call.body.includes('kunde7@example.com'))).toBe(false);
  });

  it("errors of the tenant's mail server propagate", async () => {
    const service = mailService(async () => sending(instanceSettings()));
    const sender = mailSenderSettings(tenant({ ...tenantSmtp, noreplyPort: smtpPort, noreplyPassword: 'falsch' }));
    await expect(service.sendRendered(message('kunde5@example.com'), sender)).rejects.toThrow();
    expect(receivedBy('kunde5@example.com')).toBeUndefined();
  });

  it("sends with the tenant's Graph application: BCC and attachments as file attachments", async () => {
    const service = mailService(async () => sending(instanceSettings()));
    const sender = mailSenderSettings(
      tenant({
        noreplyUseGraphApi: true,
        noreplyMail: 'noreply@buergerhaus.example',
        noreplyDisplayName: 'Bürgerhaus',
        noreplyGraphTenantId: 'ms-mandant',
        noreplyGraphClientId: 'client-1',
        noreplyGraphClientSecret: 'geheim-1',
      }),
    );
    await service.sendRendered(
      message('kunde6@example.com', {
        bcc: 'buchung@buergerhaus.example',
        attachments: [
          { filename: 'qrcode.png', content: Buffer.from('png-bytes'), contentType: 'image/png', cid: 'qrcode_cid' },
          { filename: 'beleg.txt', content: 'Beleg' },
        ],
      }),
      sender,
    );
    expect(graphCalls.some((call) => call.path === '/ms-mandant/oauth2/v2.0/token')).toBe(true);
    const send = graphCalls.find((call) => call.path === '/v1.0/users/noreply%40buergerhaus.example/sendMail')!;
    const body = JSON.parse(send.body);
    expect(body.saveToSentItems).toBe(false);
    expect(body.message).toMatchObject({
      subject: 'Betreff kunde6@example.com',
      from: { emailAddress: { address: 'noreply@buergerhaus.example', name: 'Bürgerhaus' } },
      toRecipients: [{ emailAddress: { address: 'kunde6@example.com' } }],
      bccRecipients: [{ emailAddress: { address: 'buchung@buergerhaus.example' } }],
    });
    expect(body.message.attachments).toEqual([
      {
        '@odata.type': '#microsoft.graph.fileAttachment',
        name: 'qrcode.png',
        contentType: 'image/png',
        contentBytes: Buffer.from('png-bytes').toString('base64'),
        isInline: true,
        contentId: 'qrcode_cid',
      },
      { '@odata.type': '#microsoft.graph.fileAttachment', name: 'beleg.txt', contentType: 'application/octet-stream', contentBytes: Buffer.from('Beleg').toString('base64') },
    ]);
    // No SMTP server saw it.
    expect(receivedBy('kunde6@example.com')).toBeUndefined();
  });

  it('send(OutgoingMail) keeps rendering the default layout and choosing the instance', async () => {
    const service = mailService(async () => sending(instanceSettings()));
    await service.send({ to: 'nutzer@example.com', subject: 'Kennwort', paragraphs: ['Absatz <1>'], link: { href: 'https://x.example/a', label: 'Bestätigen' } });
    const mail = receivedBy('nutzer@example.com')!;
    expect(mail).toMatchObject({ user: 'instanz-user', subject: 'Kennwort' });
    expect(mail.html).toContain('<p>Absatz &#60;1&#62;</p>');
    expect(mail.rcpt).toEqual(['nutzer@example.com']);
  });
});
