import type { MikroORM } from '@mikro-orm/postgresql';
import { seriesReasonLabels, weekdayAdverbs, weeklyRhythm } from '../../../common/bookings/series.js';
import { formatBerlinDate, formatGermanDate } from '../../../common/format/german.js';
import { Bookable } from '../bookables/bookable.entity.js';
import { Booking } from '../bookings/booking.entity.js';
import type { OutgoingMail } from '../mail/mail.service.js';
import type { Job, JobHandler } from '../shared/jobs.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { AllocationApplication } from './allocation.entities.js';
import { grantOf } from './allocation.model.js';

export const ALLOCATION_RESULT_MAIL_JOB = 'allocation-result-mail';

/** The one mail an applicant gets when the round is published: grants with their dates, declines with their reasons. */
export const allocationResultMailJob = (applicationId: string): Job => ({ name: ALLOCATION_RESULT_MAIL_JOB, payload: { applicationId }, key: `${ALLOCATION_RESULT_MAIL_JOB}:${applicationId}` });

/** Sends one mail in the instance's layout; the MailService in production. */
export interface AllocationMailer {
  send(mail: OutgoingMail): Promise<void>;
}


export class AllocationMails {
  constructor(
    private readonly orm: MikroORM,
    private readonly mailer: AllocationMailer,
  ) {}

  handlers(): Record<string, JobHandler> {
    return { [ALLOCATION_RESULT_MAIL_JOB]: (payload) => this.sendResult(typeof payload.applicationId === 'string' ? payload.applicationId : '') };
  }

  /** Nothing for an application withdrawn meanwhile; the dates are those booked, read after the commit. */
  private async sendResult(applicationId: string): Promise<void> {
    const em = this.orm.em.fork();
    const application = await em.findOne(AllocationApplication, { id: applicationId }, { populate: ['round', 'wishes'] });
    if (!application || !application.mail) return;
    const round = application.round;
    const tenant = await em.findOneOrFail(Tenant, { id: round.tenant.id });
    const wishes = application.wishes.getItems();
    const objectIds = [...new Set(wishes.flatMap((wish) => [wish.bookableId, wish.grantBookableId]).filter((id): id is string => Boolean(id)))];
    const titles = new Map((await em.find(Bookable, { id: { $in: objectIds }, tenant: tenant.id })).map((bookable) => [bookable.id, bookable.title]));
    const seriesIds = wishes.map((wish) => wish.seriesId).filter((id): id is string => Boolean(id));
    const bookings = seriesIds.length > 0 ? await em.find(Booking, { tenant: tenant.id, seriesId: { $in: seriesIds } }, { orderBy: { timeBegin: 'asc' } }) : [];

    const paragraphs = [
      `Guten Tag ${application.contactName || application.name},`,
      `die Vergaberunde „${round.title}“ von ${tenant.name} (Saison ${formatGermanDate(round.seasonBegin)} bis ${formatGermanDate(round.seasonEnd)}) ist abgeschlossen. Hier ist das Ergebnis für ${application.name}.`,
    ];
    const granted = wishes.filter((wish) => wish.decision === 'GRANT');
    const declined = wishes.filter((wish) => wish.decision === 'DECLINE');
    for (const wish of granted) {
      const grant = grantOf(wish);
      if (!grant) continue;
      const dates = bookings.filter((booking) => booking.seriesId === wish.seriesId && booking.timeBegin);
      const head = `Zugesagt: ${titles.get(grant.bookableId) ?? grant.bookableId}, ${weeklyRhythm(wish.interval)} ${weekdayAdverbs[grant.weekday]} ${grant.timeBegin}–${grant.timeEnd} Uhr`;
      paragraphs.push(
        dates.length > 0
          ? `${head}, ${dates.length} Termine: ${dates.map((booking) => `${formatBerlinDate(booking.timeBegin as Date)} (Buchung ${booking.number})`).join(', ')}.`
          : `${head}: Keiner der Termine konnte gebucht werden.`,
      );
      if (wish.reason) paragraphs.push(`Hinweis: ${wish.reason}`);
      if (wish.leftOutDates.length > 0) {
        paragraphs.push(`Nicht gebucht: ${wish.leftOutDates.map((date) => `${formatGermanDate(date.date)} (${date.reason === 'holiday' && date.reasonText ? date.reasonText : date.reason ? seriesReasonLabels[date.reason] : 'nicht frei'})`).join(', ')}.`);
      }
    }
    for (const wish of declined) {
      const object = wish.bookableId ? (titles.get(wish.bookableId) ?? wish.bookableId) : (wish.bookableType ?? '');
      paragraphs.push(`Abgesagt: ${object}, ${weeklyRhythm(wish.interval)} ${weekdayAdverbs[wish.weekday]} ${wish.timeBegin}–${wish.timeEnd} Uhr. Begründung: ${wish.reason}`);
    }
    if (granted.length > 0) paragraphs.push('Die Termine sind als Buchungen Ihrem Konto zugeordnet; Sie finden sie unter Ihren Buchungen.');
    paragraphs.push(`Bei Fragen wenden Sie sich bitte an ${tenant.mail || tenant.name}.`);
    await this.mailer.send({ to: application.mail, subject: `Ergebnis der Vergaberunde „${round.title}“`, paragraphs });
  }
}
