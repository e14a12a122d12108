import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../config.js';
import type { InstanceMailSettings } from '../instance/instance.service.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** German body paragraphs; rendered into the HTML and text parts. */
  paragraphs: string[];
  link?: { href: string; label: string };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The instance's default mail layout: title plus content (the template editor comes later). */
export function renderMail(mail: OutgoingMail): { html: string; text: string } {
  const paragraphs = mail.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n');
  const link = mail.link ? `<p><a href="${escapeHtml(mail.link.href)}">${escapeHtml(mail.link.label)}</a></p>` : '';
  const html = `<!doctype html><html lang="de"><body style="font-family:sans-serif"><h1 style="color:#cd1421">${escapeHtml(mail.subject)}</h1>\n${paragraphs}\n${link}</body></html>`;
  const text = [...mail.paragraphs, mail.link ? `${mail.link.label}: ${mail.link.href}` : ''].filter(Boolean).join('\n\n');
  return { html, text };
}

/** Where Office365 Graph lives; tests point these at a local stand-in. */
export interface GraphEndpoints {
  loginUrl: string;
  apiUrl: string;
}

export const defaultGraphEndpoints: GraphEndpoints = { loginUrl: 'https://login.microsoftonline.com', apiUrl: 'https://graph.microsoft.com' };

/**
 * Sends mail (rest-contract 5.9 "Sending rules"): with the instance's own configuration when it is
 * switched on and complete (SMTP, or Office365 Graph with a client-credential token); otherwise
 * over the SMTP server of the environment; without one (development) each mail is written as an
 * .eml file to DATA_DIR/mail-outbox and announced on the console.
 */
export class MailService {
  private readonly fallback: Transporter;
  private readonly outbox: string | undefined;
  /** The instance's SMTP transport, rebuilt when its settings change. */
  private instanceSmtp: { key: string; transport: Transporter } | undefined;
  private graphToken: { key: string; token: string; until: number } | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly instanceSettings: () => Promise<InstanceMailSettings | null> = async () => null,
    private readonly graph: GraphEndpoints = defaultGraphEndpoints,
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

  async send(mail: OutgoingMail): Promise<void> {
    const { html, text } = renderMail(mail);
    const settings = await this.instanceSettings().catch((error: Error) => {
      console.error('[mail] instance configuration unreadable:', error.message);
      return null;
    });
    if (settings?.kind === 'smtp') {
      await this.smtpTransport(settings).sendMail({ from: settings.from, to: mail.to, subject: mail.subject, html, text });
      return;
    }
    if (settings?.kind === 'graph') {
      await this.sendWithGraph(settings, mail, html);
      return;
    }
    const info = await this.fallback.sendMail({ from: this.config.mailFrom, to: mail.to, subject: mail.subject, html, text });
    if (this.outbox) {
      mkdirSync(this.outbox, { recursive: true });
      const file = path.join(this.outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message);
      console.log(`[mail] an ${mail.to}: "${mail.subject}"${mail.link ? ` – ${mail.link.href}` : ''} (${file})`);
    }
  }

  private smtpTransport(settings: Extract<InstanceMailSettings, { kind: 'smtp' }>): Transporter {
    const key = JSON.stringify([settings.host, settings.port, settings.user, settings.password, settings.starttls]);
    if (this.instanceSmtp?.key === key) return this.instanceSmtp.transport;
    this.instanceSmtp?.transport.close();
    const transport = nodemailer.createTransport({
      pool: true,
      host: settings.host,
      port: settings.port,
      // Implicit TLS unless STARTTLS is chosen (rest-contract 5.9).
      secure: !settings.starttls,
      requireTLS: settings.starttls,
      auth: { user: settings.user, pass: settings.password },
      tls: settings.starttls ? { rejectUnauthorized: false } : undefined,
    });
    this.instanceSmtp = { key, transport };
    return transport;
  }

  private async graphAccessToken(settings: Extract<InstanceMailSettings, { kind: 'graph' }>): Promise<string> {
    const key = JSON.stringify([settings.tenantId, settings.clientId, settings.clientSecret]);
    if (this.graphToken?.key === key && this.graphToken.until > Date.now()) return this.graphToken.token;
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
    this.graphToken = { key, token: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 };
    return body.access_token;
  }

  private async sendWithGraph(settings: Extract<InstanceMailSettings, { kind: 'graph' }>, mail: OutgoingMail, html: string): Promise<void> {
    const token = await this.graphAccessToken(settings);
    const displayName = /^"(.*)" </.exec(settings.from)?.[1] ?? '';
    const response = await fetch(`${this.graph.apiUrl}/v1.0/users/${encodeURIComponent(settings.mail)}/sendMail`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: {
          subject: mail.subject,
          body: { contentType: 'HTML', content: html },
          from: { emailAddress: { address: settings.mail, name: displayName } },
          toRecipients: [{ emailAddress: { address: mail.to } }],
        },
        saveToSentItems: false,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) {
      if (response.status === 401) this.graphToken = undefined;
      throw new Error(`Graph sendMail failed: HTTP ${response.status}`);
    }
  }

  close(): void {
    this.fallback.close();
    this.instanceSmtp?.transport.close();
  }
}
