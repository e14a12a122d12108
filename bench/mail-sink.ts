import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * The benchmark's mail server: every server process of the run mails here, so no process's job
 * worker can send a mail somewhere the count does not see. It reads the envelope only (no parsing:
 * the measuring process must not spend its time on mails) and counts deliveries per recipient.
 */
export class MailSink {
  private readonly deliveries = new Map<string, number>();
  private server: SMTPServer | undefined;
  port = 0;

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        stream.on('end', () => {
          for (const recipient of session.envelope.rcptTo) {
            const address = recipient.address.toLowerCase();
            this.deliveries.set(address, (this.deliveries.get(address) ?? 0) + 1);
          }
          callback();
        });
        stream.resume();
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Mails delivered to each recipient whose address starts with the prefix. */
  deliveredTo(prefix: string): Map<string, number> {
    return new Map([...this.deliveries].filter(([address]) => address.startsWith(prefix)));
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
