import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../config.js';

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

/**
 * Sends mail over SMTP when SMTP settings are given. Without them (development) each mail is
 * written as an .eml file to DATA_DIR/mail-outbox and announced on the console.
 */
export class MailService {
  private readonly transport: Transporter;
  private readonly outbox: string | undefined;

  constructor(private readonly config: AppConfig) {
    if (config.smtp) {
      this.transport = nodemailer.createTransport({
        host: config.smtp.host,
        port: config.smtp.port,
        secure: config.smtp.secure,
        auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.password } : undefined,
        // Local capture servers in development and tests speak plain SMTP.
        ignoreTLS: !config.smtp.secure && ['127.0.0.1', 'localhost'].includes(config.smtp.host),
      });
    } else {
      this.outbox = path.join(config.dataDir, 'mail-outbox');
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
  }

  async send(mail: OutgoingMail): Promise<void> {
    const { html, text } = renderMail(mail);
    const info = await this.transport.sendMail({ from: this.config.mailFrom, to: mail.to, subject: mail.subject, html, text });
    if (this.outbox) {
      mkdirSync(this.outbox, { recursive: true });
      const file = path.join(this.outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message);
      console.log(`[mail] an ${mail.to}: "${mail.subject}"${mail.link ? ` – ${mail.link.href}` : ''} (${file})`);
    }
  }

  close(): void {
    this.transport.close();
  }
}
