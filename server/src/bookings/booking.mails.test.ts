import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { SmtpCapture } from '../../../tests/support/smtp.js';
// The values the global setup provides (for `inject` in database.ts).
import type {} from '../../../tests/support/vitest-context.js';
import { loadConfig } from '../config.js';
import { ormConfig } from '../db/mikro-orm.config.js';
import { MailService } from '../mail/mail.service.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { Booking, BookingItem } from './booking.entity.js';
import { BOOKING_MAIL_JOB, BOOKING_ORGANIZER_MAILS_JOB } from './booking.jobs.js';
import type { BookableSnapshot } from './booking.model.js';
import { BookingMailer } from './booking.mails.js';

/** Sending the booking mails: the booking read from the database, the mail through SMTP (composition: booking-mail-composition.test.ts). */

const publicUrl = 'https://buchen.stadt.example';

function snapshot(title: string, bookingNotes = ''): BookableSnapshot {
  return { title, bookingNotes } as BookableSnapshot;
}

describe('BookingMailer (database and SMTP capture)', () => {
  let db: TestDatabase;
  let orm: MikroORM;
  let smtp: SmtpCapture;
  let mail: MailService;
  let mailer: BookingMailer;
  const ids = { plain: randomUUID(), ownSender: randomUUID() };

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await MikroORM.init(ormConfig(db.url, { logger: () => undefined }));
    smtp = await new SmtpCapture().start();
    const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 's'.repeat(32), SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), DATA_DIR: '/tmp/booking-mails-test' });
    mail = new MailService(config);
    mailer = new BookingMailer(orm, mail, publicUrl);

    const em = orm.em.fork();
    em.create(Tenant, {
      id: ids.plain,
      name: 'Bürgerhaus Nord',
      mail: 'buchung@stadt.example',
      enablePublicStatusView: true,
      genericMailTemplate: '<html><body><h1 class="vorlage">{{title}}</h1>{{{content}}}</body></html>',
    });
    // A tenant whose own (unreachable) SMTP server must be used instead of the environment's.
    em.create(Tenant, {
      id: ids.ownSender,
      name: 'Sporthalle',
      mail: 'halle@stadt.example',
      useInstanceMail: false,
      noreplyMail: 'noreply@halle.example',
      noreplyDisplayName: 'Sporthalle',
      noreplyHost: '127.0.0.1',
      noreplyPort: 1,
      noreplyUser: 'halle',
      noreplyPassword: 'geheim',
      noreplyStarttls: true,
    });
    for (const tenant of [ids.plain, ids.ownSender]) {
      const stored = em.create(Booking, {
        tenant,
        number: 'AB12-CD34',
        name: 'Erika Mustermann',
        mail: 'erika@example.com',
        priceEur: 12.5,
        timeBegin: new Date(Date.UTC(2026, 2, 28, 9, 0)),
        timeEnd: new Date(Date.UTC(2026, 2, 30, 8, 0)),
      });
      em.create(BookingItem, {
        booking: stored,
        position: 0,
        bookableId: randomUUID(),
        amount: 2,
        regularPriceEur: 5,
        regularGrossPriceEur: 5,
        userPriceEur: 5,
        userGrossPriceEur: 5,
        bookableUsed: snapshot('Lastenrad'),
      });
    }
    await em.flush();
  });

  afterAll(async () => {
    mail?.close();
    await orm?.close(true);
    await smtp?.close();
    await db?.drop();
  });

  it("renders the tenant's template, copies the tenant and embeds the QR code", async () => {
    await mailer.send({ tenantId: ids.plain, bookingId: 'AB12-CD34', kind: 'request-received' });
    const sent = await smtp.waitForMail('erika@example.com', 'Buchungsanfrage');
    expect(sent.subject).toBe('Vielen Dank für Ihre Buchungsanfrage im Bürgerhaus Nord');
    expect(sent.to).toEqual(['erika@example.com', 'buchung@stadt.example']);
    expect(sent.html).toContain('<h1 class="vorlage">Vielen Dank für Ihre Buchungsanfrage im Bürgerhaus Nord</h1>');
    expect(sent.html).toContain('vom 28.03.2026, 10:00 bis 30.03.2026, 10:00');
    // The capture inlines the cid image it received as a data URI.
    expect(sent.html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
    expect(sent.links).toContain(`${publicUrl}/booking/request-reject/${ids.plain}?id=AB12-CD34`);
    expect(sent.links).toContain(`${publicUrl}/booking/status/${ids.plain}?id=AB12-CD34&name=Erika%20Mustermann`);
    expect(sent.text).toContain('Lastenrad, Anzahl: 2');
  });

  it('sends the tenant notice to the tenant only', async () => {
    await mailer.send({ tenantId: ids.plain, bookingId: 'AB12-CD34', kind: 'tenant-new-booking' });
    const sent = await smtp.waitForMail('buchung@stadt.example', 'Eine neue Buchungsanfrage liegt vor');
    expect(sent.to).toEqual(['buchung@stadt.example']);
  });

  it('a booking or tenant that no longer exists ends the job without a mail', async () => {
    const before = smtp.mails.length;
    await expect(mailer.send({ tenantId: ids.plain, bookingId: 'ZZZZ-ZZZZ', kind: 'confirmed' })).resolves.toBeUndefined();
    await expect(mailer.send({ tenantId: randomUUID(), bookingId: 'AB12-CD34', kind: 'confirmed' })).resolves.toBeUndefined();
    expect(smtp.mails.length).toBe(before);
  });

  it('registers the booking mail jobs', () => {
    expect(Object.keys(mailer.handlers()).sort()).toEqual([BOOKING_MAIL_JOB, BOOKING_ORGANIZER_MAILS_JOB].sort());
  });

  it('refuses a malformed payload', async () => {
    await expect(mailer.send({ tenantId: ids.plain, bookingId: 'AB12-CD34', kind: 'unbekannt' })).rejects.toThrow(/invalid booking mail payload/);
  });

  it("uses the tenant's own sender, and its server's errors reach the job queue", async () => {
    const before = smtp.mails.length;
    await expect(mailer.send({ tenantId: ids.ownSender, bookingId: 'AB12-CD34', kind: 'confirmed' })).rejects.toThrow(/ECONNREFUSED/);
    expect(smtp.mails.length).toBe(before);
  });
});
