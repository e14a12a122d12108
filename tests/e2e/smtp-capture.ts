import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** A real SMTP server on loopback that keeps every mail the product sends. */
export async function startSmtpCapture(onMail: (mail: ReceivedMail) => void): Promise<{ port: number; stop(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          const text = parsed.text ?? '';
          const links = [...new Set([...`${html} ${text}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0]))];
          onMail({
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text,
            html,
            links,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
