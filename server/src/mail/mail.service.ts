import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Attachment } from 'nodemailer/lib/mailer/index.js';
import type { AppConfig } from '../config.js';
import type { MailDeliveryState, MailSenderSettings } from './mail-sender.js';
import { logger } from '../shared/logging.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** German body paragraphs; rendered into the HTML and text parts. */
  paragraphs: string[];
  link?: { href: string; label: string };
}

/** A nodemailer attachment with its content at hand (Office365 Graph needs the bytes). */
export type MailAttachment = Attachment & { filename: string; content: Buffer | string };

/** A mail rendered by its caller (booking mails with the tenant's template). */
export interface RenderedMail {
  to: string;
  bcc?: string;
  /** Where an answer goes (the tenant's address): the sender is often a no-reply address. */
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
}

/** Pooled SMTP transports kept open at once (the instance's and the tenants' own servers). */
const MAX_SMTP_TRANSPORTS = 16;

/** Text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A mail's body: its paragraphs and link as HTML (each escaped) and as text. */
export function mailContent(mail: OutgoingMail): { contentHtml: string; text: string } {
  const paragraphs = mail.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
  const link = mail.link ? [`<p><a href="${escapeHtml(mail.link.href)}">${escapeHtml(mail.link.label)}</a></p>`] : [];
  const text = [...mail.paragraphs, mail.link ? `${mail.link.label}: ${mail.link.href}` : ''].filter(Boolean).join('\n\n');
  return { contentHtml: [...paragraphs, ...link].join('\n'), text };
}

/**
 * The page a mail's title and content HTML go into. In the running server: the instance's mail
 * template, filled like the tenants' booking mails (services.ts).
 */
export type MailLayout = (values: { title: string; contentHtml: string }) => Promise<string>;

/** A bare page, for a MailService built without a layout (tests of the sending paths). */
export const plainMailLayout: MailLayout = async ({ title, contentHtml }) =>
  `<!doctype html><html lang="de"><body><h1>${escapeHtml(title)}</h1>\n${contentHtml}</body></html>`;

/** An attachment as Office365 Graph takes it: base64 bytes; inline ones with their content id. */
export function graphAttachment(attachment: MailAttachment): Record<string, unknown> {
  return {
    '@odata.type': '#microsoft.graph.fileAttachment',
    name: attachment.filename,
    contentType: attachment.contentType ?? 'application/octet-stream',
    contentBytes: (typeof attachment.content === 'string' ? Buffer.from(attachment.content, (attachment.encoding ?? 'utf8') as BufferEncoding) : attachment.content).toString('base64'),
    ...(attachment.cid ? { isInline: true, contentId: attachment.cid } : {}),
  };
}

const graphKey = (settings: Extract<MailSenderSettings, { kind: 'graph' }>): string => JSON.stringify([settings.tenantId, settings.clientId, settings.clientSecret]);

/** Where Office365 Graph lives; tests point these at a local stand-in. */
export interface GraphEndpoints {
  loginUrl: string;
  apiUrl: string;
}

export const defaultGraphEndpoints: GraphEndpoints = { loginUrl: 'https://login.microsoftonline.com', apiUrl: 'https://graph.microsoft.com' };

/**
 * Sends mail: nothing at all while the instance's owners have switched mail off (each mail is
 * logged as suppressed); otherwise with the sender settings a caller passes (a tenant's own
 * configuration), else with the instance's own configuration when it is used and complete (SMTP, or Office365 Graph with a client-credential token); otherwise over the SMTP
 * server of the environment; without one (development) each mail is written as an .eml file to
 * DATA_DIR/mail-outbox and announced in the log (recipient and link only in development).
 */
export class MailService {
  private readonly fallback: Transporter;
  private readonly outbox: string | undefined;
  /** SMTP transports of the instance and the tenants by their settings, least recently used first. */
  private readonly smtpTransports = new Map<string, Transporter>();
  /** Graph tokens by application (tenant id, client id, secret). */
  private readonly graphTokens = new Map<string, { token: string; until: number }>();

  constructor(
    private readonly config: AppConfig,
    private readonly instanceMail: () => Promise<MailDeliveryState> = async () => ({ sendingEnabled: true, ownServer: null }),
    private readonly graph: GraphEndpoints = defaultGraphEndpoints,
    private readonly layout: MailLayout = plainMailLayout,
  ) {
    if (config.smtp) {
      this.fallback = nodemailer.createTransport({
        host: config.smtp.host,
        port: config.smtp.port,
        secure: config.smtp.secure,
        auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.password } : undefined,
        // Local capture servers in development and tests speak plain SMTP.
        ignoreTLS: !config.smtp.secure && ['127.0.0.1', 'localhost'].includes(config.smtp.host),
      });
    } else {
      this.outbox = path.join(config.dataDir, 'mail-outbox');
      this.fallback = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
  }

  /** A mail in the instance's layout (account mails). */
  async send(mail: OutgoingMail): Promise<void> {
    const { contentHtml, text } = mailContent(mail);
    const html = await this.layout({ title: mail.subject, contentHtml });
    await this.deliver({ to: mail.to, subject: mail.subject, html, text }, null, mail.link?.href);
  }

  /**
   * A mail its caller rendered, with the given sender settings (a tenant's own configuration);
   * without them as `send` chooses (instance, then environment). Errors of the mail server propagate.
   */
  async sendRendered(mail: RenderedMail, sender: MailSenderSettings | null = null): Promise<void> {
    await this.deliver(mail, sender);
  }

  private async deliver(mail: RenderedMail, sender: MailSenderSettings | null, note?: string): Promise<void> {
    // Read for every mail, so switching mail off takes effect at once in every process. Unreadable
    // settings fail the send: the job is retried rather than mailing against the owners' choice.
    const instance = await this.instanceMail();
    if (!instance.sendingEnabled && mail.to) {
      // The job ends as done: a suppressed mail is not sent later when mail is switched on again.
      // Neither recipient nor subject: a log line carries no personal data.
      logger.info('[mail] unterdrückt (Mailversand der Instanz ausgeschaltet)');
      return;
    }
    const settings = sender ?? instance.ownServer;
    const message = { to: mail.to, bcc: mail.bcc || undefined, replyTo: mail.replyTo || undefined, subject: mail.subject, html: mail.html, text: mail.text, attachments: mail.attachments };
    if (settings?.kind === 'smtp') {
      await this.smtpTransport(settings).sendMail({ from: settings.from, ...message });
      return;
    }
    if (settings?.kind === 'graph') {
      await this.sendWithGraph(settings, mail);
      return;
    }
    const info = await this.fallback.sendMail({ from: this.config.mailFrom, ...message });
    if (this.outbox) {
      mkdirSync(this.outbox, { recursive: true });
      const file = path.join(this.outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^\w@.+-]/g, '_')}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message);
      // A developer's own console may name recipient and link (to follow it locally); any other log may not.
      if (this.config.nodeEnv === 'development') logger.info(`[mail] an ${mail.to}: "${mail.subject}"${note ? ` – ${note}` : ''} (${file})`);
      else logger.info('[mail] in den Postausgang (DATA_DIR/mail-outbox) geschrieben');
    }
  }

  private smtpTransport(settings: Extract<MailSenderSettings, { kind: 'smtp' }>): Transporter {
    const key = JSON.stringify([settings.host, settings.port, settings.user, settings.password, settings.starttls]);
    const cached = this.smtpTransports.get(key);
    if (cached) {
      // Most recently used last.
      this.smtpTransports.delete(key);
      this.smtpTransports.set(key, cached);
      return cached;
    }
    const transport = nodemailer.createTransport({
      pool: true,
      host: settings.host,
      port: settings.port,
      // Implicit TLS unless STARTTLS is chosen.
      secure: !settings.starttls,
      requireTLS: settings.starttls,
      auth: { user: settings.user, pass: settings.password },
      tls: settings.starttls ? { rejectUnauthorized: false } : undefined,
    });
    this.smtpTransports.set(key, transport);
    for (const [oldKey, oldTransport] of this.smtpTransports) {
      if (this.smtpTransports.size <= MAX_SMTP_TRANSPORTS) break;
      oldTransport.close();
      this.smtpTransports.delete(oldKey);
    }
    return transport;
  }

  private async graphAccessToken(settings: Extract<MailSenderSettings, { kind: 'graph' }>): Promise<string> {
    const key = graphKey(settings);
    const cached = this.graphTokens.get(key);
    if (cached && cached.until > Date.now()) return cached.token;
    const response = await fetch(`${this.graph.loginUrl}/${encodeURIComponent(settings.tenantId)}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        scope: `${this.graph.apiUrl}/.default`,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`Graph token request failed: HTTP ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('Graph token response without access_token');
    if (this.graphTokens.size >= 100) this.graphTokens.clear();
    this.graphTokens.set(key, { token: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 });
    return body.access_token;
  }

  private async sendWithGraph(settings: Extract<MailSenderSettings, { kind: 'graph' }>, mail: RenderedMail): Promise<void> {
    const token = await this.graphAccessToken(settings);
    const displayName = /^"(.*)" </.exec(settings.from)?.[1] ?? '';
    const response = await fetch(`${this.graph.apiUrl}/v1.0/users/${encodeURIComponent(settings.mail)}/sendMail`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: {
          subject: mail.subject,
          body: { contentType: 'HTML', content: mail.html },
          from: { emailAddress: { address: settings.mail, name: displayName } },
          toRecipients: [{ emailAddress: { address: mail.to } }],
          ...(mail.bcc ? { bccRecipients: [{ emailAddress: { address: mail.bcc } }] } : {}),
          ...(mail.replyTo ? { replyTo: [{ emailAddress: { address: mail.replyTo } }] } : {}),
          ...(mail.attachments?.length ? { attachments: mail.attachments.map(graphAttachment) } : {}),
        },
        saveToSentItems: false,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) {
      if (response.status === 401) this.graphTokens.delete(graphKey(settings));
      throw new Error(`Graph sendMail failed: HTTP ${response.status}`);
    }
  }

  close(): void {
    this.fallback.close();
    for (const transport of this.smtpTransports.values()) transport.close();
    this.smtpTransports.clear();
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    mail: MailService;
  }
}
