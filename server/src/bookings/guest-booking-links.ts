import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import { BOOKINGS_LINK_LIFETIME_HOURS, bookingsLinkRequestSchema } from '../../../common/bookings/my-bookings.schema.js';
import type { AppConfig } from '../config.js';
import type { OutgoingMail } from '../mail/mail.service.js';
import { AppError } from '../shared/errors.js';
import { enqueueJobs, type Job, type JobHandler, type JobSchedule } from '../shared/jobs.js';
import type { ClientAddress, RateLimiter } from '../shared/rate-limit.js';
import { parseInput } from '../shared/schema-input.js';

/**
 * The token of a "Meine Buchungen" link: `gbl_` lets secret scanners recognise a leaked one, 32
 * random bytes in base64url follow; only its SHA-256 is stored.
 */
export const BOOKINGS_LINK_TOKEN_PREFIX = 'gbl_';

const newLinkToken = (): string => `${BOOKINGS_LINK_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
const hashLinkToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
/** Anything else is no token of ours and is not looked up (it still counts as a guess). */
const looksLikeLinkToken = (token: string): boolean => /^gbl_[A-Za-z0-9_-]{43}$/.test(token);

export const GUEST_BOOKINGS_LINK_MAIL_JOB = 'guest-bookings-link-mail';
/** Removes the expired links, each with the mail address it showed, every hour. */
export const GUEST_BOOKINGS_LINK_PRUNE_JOB = 'guest-bookings-link-prune';
const PRUNE_SCHEDULE: JobSchedule = { task: GUEST_BOOKINGS_LINK_PRUNE_JOB, cron: '41 * * * *' };
const linkMailJob = (mail: string): Job => ({ name: GUEST_BOOKINGS_LINK_MAIL_JOB, payload: { mail } });

/** Sends one mail in the instance's layout, from the instance's sender (the account mails' MailService). */
export interface LinkMailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * The links that show a guest the bookings made with their mail address ("Meine Buchungen" without
 * an account). A request only enqueues a job and answers the same for every address; the job mails
 * a link only when the address booked something, so neither the answer nor its time says whether
 * it did. The link's token is random, stored hashed and works for 24 hours (paging through the list
 * and downloading documents use it again, so it is not single-use). Requests are counted per IP
 * address and per mail address, tokens per IP address as every guess of a mailed link's token.
 */
export class GuestBookingLinks {
  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly attempts: RateLimiter,
    private readonly mailer: LinkMailer,
  ) {}

  /** Asks for a link to the address; `generic.validation` for a missing or malformed address. */
  async request(input: unknown, client: ClientAddress): Promise<void> {
    const { mail } = parseInput(bookingsLinkRequestSchema, input);
    const { resetPerWindow, windowSeconds } = this.config.rateLimit;
    await this.attempts.limit(`bookings-link:${client.ip}`, resetPerWindow, windowSeconds);
    await this.attempts.limit(`bookings-link-mail:${mail}`, resetPerWindow, windowSeconds);
    await this.orm.em.fork().transactional((em) => enqueueJobs(em, [linkMailJob(mail)]));
  }

  /**
   * The address a link's token shows, counted as a guess per IP address with the budget of sign-in
   * attempts; a token that worked is taken back, so only wrong ones use it up.
   * `my-bookings.link-invalid` for an unknown, forged or expired token.
   */
  async mailOf(token: string, client: ClientAddress): Promise<string> {
    const key = `token:${client.ip}`;
    await this.attempts.limit(key, this.config.rateLimit.signInPerWindow, this.config.rateLimit.windowSeconds);
    const rows = looksLikeLinkToken(token)
      ? await this.orm.em.getConnection().execute<{ mail: string }[]>('select mail from guest_booking_links where token_hash = ? and expires_at > now()', [hashLinkToken(token)])
      : [];
    const mail = rows[0]?.mail;
    if (!mail) throw new AppError('my-bookings.link-invalid');
    await this.attempts.refund(key);
    return mail;
  }

  /** The job handlers by name, for the process's job worker. */
  handlers(): Record<string, JobHandler> {
    return {
      [GUEST_BOOKINGS_LINK_MAIL_JOB]: (payload) => this.mailLink(typeof payload.mail === 'string' ? payload.mail : ''),
      [GUEST_BOOKINGS_LINK_PRUNE_JOB]: async () => {
        await this.pruneExpired();
      },
    };
  }

  /** The hourly removal of expired links: a link's mail address is kept no longer than the link works (and an hour). */
  schedules(): JobSchedule[] {
    return [PRUNE_SCHEDULE];
  }

  /** Deletes the expired links; answers how many. */
  async pruneExpired(): Promise<number> {
    const rows = await this.orm.em.getConnection().execute<{ pruned: string }[]>(
      'with gone as (delete from guest_booking_links where expires_at <= now() returning 1) select count(*) as pruned from gone',
    );
    return Number(rows[0]?.pruned ?? 0);
  }

  /**
   * Mails a link to an address that booked something in any tenant; nothing for one that did not.
   * The token is committed before the mail goes out (a link opened the moment it arrives finds it)
   * and withdrawn when the mail cannot be sent (the job's retry issues a new one).
   */
  private async mailLink(mail: string): Promise<void> {
    const token = await this.orm.em.fork().transactional(async (em) => {
      if (!(await hasBookings(em, mail))) return null;
      await em.execute('delete from guest_booking_links where expires_at <= now()');
      const issued = newLinkToken();
      await em.execute(`insert into guest_booking_links (token_hash, mail, expires_at) values (?, ?, now() + make_interval(hours => ?))`, [hashLinkToken(issued), mail, BOOKINGS_LINK_LIFETIME_HOURS]);
      return issued;
    });
    if (!token) return;
    try {
      await this.mailer.send({
        to: mail,
        subject: 'Ihre Buchungen: Link zur Übersicht',
        paragraphs: [
          'Guten Tag,',
          'Sie haben eine Übersicht der Buchungen angefordert, die mit dieser E-Mail-Adresse gemacht wurden. Über den folgenden Link sehen Sie sie, mit Status, Zahlung und Belegen.',
          `Der Link ist ${BOOKINGS_LINK_LIFETIME_HOURS} Stunden gültig. Geben Sie ihn nicht weiter: Wer ihn hat, sieht Ihre Buchungen.`,
          'Wenn Sie keine Übersicht angefordert haben, ignorieren Sie diese E-Mail.',
        ],
        // The token stands after '#': browsers never send it to the server, so no access log records it.
        link: { href: `${this.config.publicUrl}/meine-buchungen/link#${token}`, label: 'Meine Buchungen ansehen' },
      });
    } catch (error) {
      await this.orm.em.fork().getConnection().execute('delete from guest_booking_links where token_hash = ?', [hashLinkToken(token)]);
      throw error;
    }
  }
}

/** Whether any tenant holds a booking made with the address (the index on lower(mail)). */
async function hasBookings(em: EntityManager, mail: string): Promise<boolean> {
  const rows = await em.execute<{ found: boolean }[]>('select exists (select 1 from bookings where lower(mail) = ?) as found', [mail]);
  return rows[0]?.found === true;
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    guestBookingLinks: GuestBookingLinks;
  }
}
