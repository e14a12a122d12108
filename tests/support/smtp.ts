import { simpleParser, type AddressObject } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { MAIL_WAIT_CEILING_MS } from './waits.js';

/**
 * A real SMTP server on a free loopback port that keeps every mail it receives, parsed for
 * assertions (recipients, subject, text, HTML, links). Independent of vitest.
 */
export interface CapturedMail {
  /** Envelope recipients (RCPT TO), lower-case. */
  to: string[];
  /** The To header's addresses, lower-case. */
  headerTo: string[];
  /** The Reply-To header's addresses, lower-case. */
  replyTo: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text and HTML parts, in order, without duplicates. */
  links: string[];
  /** Attached files (inline images too), with their bytes. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((entry) => entry.value.map((address) => (address.address ?? '').toLowerCase()));

export class SmtpCapture {
  readonly mails: CapturedMail[] = [];
  private server: SMTPServer | undefined;
  private boundPort = 0;
  private readonly taken = new Set<CapturedMail>();
  /** Addresses (lower case) whose RCPT TO is answered 550, as a mail server refusing a recipient. */
  readonly refusedRecipients = new Set<string>();

  /** `onMail` sees each mail as it arrives (the e2e runner hands them to Playwright's process). */
  constructor(private readonly onMail?: (mail: CapturedMail) => void) {}

  get port(): number {
    return this.boundPort;
  }

  async start(host = '127.0.0.1', port = 0): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (this.refusedRecipients.has(address.address.toLowerCase())) {
          callback(Object.assign(new Error('Empfänger abgelehnt'), { responseCode: 550 }));
          return;
        }
        callback();
      },
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const html = typeof parsed.html === 'string' ? parsed.html : '';
            const text = parsed.text ?? '';
            const links = [...`${text}\n${html.replace(/&amp;/g, '&')}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0]);
            const mail: CapturedMail = {
              to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
              headerTo: addresses(parsed.to),
              replyTo: addresses(parsed.replyTo),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text,
              html,
              links: [...new Set(links)],
              attachments: parsed.attachments.map((attachment) => ({ filename: attachment.filename ?? '', contentType: attachment.contentType, content: attachment.content })),
            };
            this.mails.push(mail);
            this.onMail?.(mail);
            callback();
          })
          .catch(callback);
      },
    });
    server.on('error', (error) => console.error('[smtp-capture]', error.message));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.boundPort = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Mails to the address (case-insensitive) whose subject contains the text. */
  find(to: string, subjectPart = ''): CapturedMail[] {
    const address = to.toLowerCase();
    return this.mails.filter((mail) => mail.to.includes(address) && mail.subject.includes(subjectPart));
  }

  /**
   * Waits for the next mail to the address whose subject contains the text, skipping mails an
   * earlier call returned (so a flow repeated for one address gets its own mail); fails after the
   * timeout (a generous ceiling: it returns as soon as the mail is there).
   */
  async waitForMail(to: string, subjectPart = '', timeoutMs = MAIL_WAIT_CEILING_MS): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = this.find(to, subjectPart).find((candidate) => !this.taken.has(candidate));
      if (mail) {
        this.taken.add(mail);
        return mail;
      }
      if (Date.now() > deadline) {
        const seen = this.mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'keine';
        throw new Error(`Keine Mail an ${to} mit Betreff "${subjectPart}" nach ${timeoutMs} ms (erhalten: ${seen})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  clear(): void {
    this.mails.length = 0;
    this.taken.clear();
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
