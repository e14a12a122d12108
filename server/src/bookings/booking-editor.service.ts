import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { fromCents, itemPrice, toCents } from '../bookables/rules/pricing.js';
import { AppError } from '../shared/errors.js';
import type { Job } from '../shared/jobs.js';
import { can } from '../../../common/permissions/permissions.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { User } from '../users/user.entity.js';
import type { Viewer } from '../users/viewer.service.js';
import type { WorkflowService } from '../workflow/workflow.service.js';
import { isBookingNumber } from './booking-number.js';
import { busyWhenLocked, lockKeysOf, lockObjects } from './booking.locks.js';
import { activeLockerSystems, lockerActivationJobs, lockerReleaseJobs } from './booking-lockers.js';
import type { BookingOccupancyGuard, OccupancyClaim } from './booking-occupancy-guard.js';
import { paymentStateOf, paymentTransitions, reportPaymentEvents, type BookingPaymentEvents } from './booking-payment-events.js';
import { Booking } from './booking.entity.js';
import { BOOKING_MAIL_JOB, bookingMailJob, holdsTickets, newBookingMailJobs, organizerMailsJob, recordBookingChange } from './booking.jobs.js';
import { bookableSnapshot, customerFields, type BookableSnapshot } from './booking.model.js';
import { familiesOf, findBooking, freeBookingNumber, searchTextOf, setItems, type BookableFamily } from './booking.queries.js';
import { mayOnBooking } from './booking.service.js';
import { historyDiff, historyValuesOf, recordBookingHistory, statusEntries, statusFlagsOf, viewerOrigin } from './booking-history.js';
import { bookingStateBeforeChange, bookingWebhookTypes, createdBookingWebhookTypes } from './booking.webhooks.js';
import { setBookingState } from './booking-state.js';
import type { BookingHistoryVia, ChangeOrigin } from '../../../common/bookings/history.js';
import type { BookingEdit } from '../../../common/bookings/booking-edit.schema.js';
import { bookedMinutes, bookingAttachments, bookingTotals, discountedCents } from './checkout/checkout.rules.js';
import type { TicketEntryCodes } from './ticket-entry-codes.js';

/**
 * Each item's object as booked: the stored snapshot for objects already in the booking, the current
 * object for new ones (which must exist in the tenant).
 */
function snapshotsOf(edit: BookingEdit, booking: Booking | null, current: readonly BookableFamily[]): Map<string, BookableSnapshot> {
  const snapshots = new Map<string, BookableSnapshot>();
  for (const item of booking?.items.getItems() ?? []) snapshots.set(item.bookableId, item.bookableUsed);
  for (const { record } of current) if (!snapshots.has(record.id)) snapshots.set(record.id, bookableSnapshot(record));
  if (edit.items.some((item) => !snapshots.has(item.bookableId))) throw new AppError('generic.not-found', { detail: 'Das Buchungsobjekt existiert nicht.' });
  return snapshots;
}

/** An update changes what the body carries and keeps the rest of the stored booking. */
function keepAbsent(edit: BookingEdit, stored: Booking): BookingEdit {
  const kept = { ...edit, customer: { ...edit.customer } };
  for (const field of customerFields) if (!edit.present.has(field)) kept.customer[field] = stored[field];
  if (!edit.present.has('timeBegin')) kept.timeBegin = stored.timeBegin ?? null;
  if (!edit.present.has('timeEnd')) kept.timeEnd = stored.timeEnd ?? null;
  for (const flagName of ['isCommitted', 'isPayed', 'isRejected'] as const) if (!edit.present.has(flagName)) kept[flagName] = stored[flagName];
  if (!edit.present.has('paymentProvider')) kept.paymentProvider = stored.paymentProvider ?? null;
  if (!edit.present.has('paymentMethod')) kept.paymentMethod = stored.paymentMethod;
  return kept;
}

/**
 * Staff create and change bookings (docs/bookings.md, "Checkout and booking input"): no checkout rules for
 * opening hours, permissions or prices of the public, but never an overbooking and never beyond the
 * booking horizon: what an edit claims beyond what the booking held goes through the occupancy
 * guard (the objects locked like at checkout; a window that collides answers "Zeitkonflikt", an
 * event without enough seats booking.event-full). Prices come from the snapshot of each object (a
 * new item takes the object as it is now), unless staff enter one.
 */
export class BookingEditorService {
  constructor(
    private readonly orm: MikroORM,
    private readonly workflows: WorkflowService,
    private readonly guard: BookingOccupancyGuard,
    private readonly payments: BookingPaymentEvents,
    private readonly ticketCodes: TicketEntryCodes,
  ) {}

  /** PUT bookings: an existing number updates (update rights), anything else creates (create right). */
  async save(viewer: Viewer, tenantId: string, edit: BookingEdit, via: BookingHistoryVia): Promise<{ booking: Booking; created: boolean }> {
    const em = this.orm.em.fork();
    const existing = edit.id && isBookingNumber(edit.id) ? await findBooking(em, tenantId, edit.id) : null;
    if (existing) {
      if (!mayOnBooking(viewer, 'update', existing)) throw new AppError('auth.forbidden');
    } else if (!can(viewer.permissions, viewer.user.id, 'create', 'manageBookings', { tenantId })) {
      throw new AppError('auth.forbidden');
    }
    if (!existing && !edit.customer.mail) throw new AppError('generic.validation', { fieldErrors: { mail: 'Pflichtfeld' } });
    if (edit.assignedUserId && !(await em.count(User, { id: edit.assignedUserId }))) throw new AppError('generic.validation', { fieldErrors: { assignedUserId: 'Unbekannter Benutzer' } });
    if (!(await em.count(Tenant, { id: tenantId }))) throw new AppError('generic.not-found');

    // A fresh fork: `em` already holds the booking and its items, and entities it loaded stay bound to
    // it, so the orphan removal of the replaced items would land in the wrong unit of work (500).
    const booking = await busyWhenLocked(() => this.orm.em.fork().transactional((tx) => this.write(tx, viewer, tenantId, edit, existing?.key ?? null, viewerOrigin(viewer, via))));
    return { booking, created: !existing };
  }

  private async write(tx: EntityManager, viewer: Viewer, tenantId: string, body: BookingEdit, existingKey: string | null, origin: ChangeOrigin): Promise<Booking> {
    // The lock order of booking.locks.ts: the workflow row, the booking's row, then its objects.
    await this.workflows.holdForBookingChange(tx, tenantId);
    const booking = existingKey ? await tx.findOneOrFail(Booking, { key: existingKey }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
    if (booking) await tx.populate(booking, ['items']);
    const edit = booking ? keepAbsent(body, booking) : body;
    if (edit.timeBegin && edit.timeEnd && edit.timeEnd <= edit.timeBegin) throw new AppError('generic.validation', { fieldErrors: { timeEnd: 'Das Ende muss nach dem Beginn liegen.' } });
    const records = await familiesOf(tx, tenantId, edit.items.map((item) => item.bookableId));
    const snapshots = snapshotsOf(edit, booking, records);
    // A rejected booking occupies nothing; otherwise what the edit claims beyond what it held is checked.
    const lockers = edit.isRejected ? null : await this.guard.guard(tx, await this.claimOf(tx, tenantId, edit, records, booking), { kind: 'staff-edit' });

    const now = Date.now();
    const wasCommitted = booking ? booking.isCommitted && !booking.isRejected : false;
    const before = booking ? paymentStateOf(booking) : null;
    const valuesBefore = booking ? historyValuesOf(booking) : null;
    const webhookBefore = booking ? await bookingStateBeforeChange(tx, tenantId, booking.number) : null;
    const flagsBefore = booking ? statusFlagsOf(booking) : null;
    // A move to other objects must reach the schedules of both, the old and the new ones.
    const objectsBefore = booking ? booking.items.getItems().map((item) => item.bookableId) : [];
    // Units the booking stops holding (rejected now, or reserved anew for what it claims now) are
    // released for the period they were held for: before the new times are written.
    const jobs: Job[] = [];
    if (booking && !booking.isRejected && (edit.isRejected || lockers !== null)) jobs.push(...lockerReleaseJobs(booking));
    else if (booking && !booking.isRejected) {
      // Claiming nothing new, it keeps its units, except those of objects it no longer books.
      const booked = new Set(edit.items.map((item) => item.bookableId));
      jobs.push(...lockerReleaseJobs(booking, (unit) => !booked.has(unit.bookableId)));
    }
    const target =
      booking ??
      tx.create(Booking, { tenant: tx.getReference(Tenant, tenantId), number: await freeBookingNumber(tx, tenantId), createdAt: new Date(now), assignedUserId: viewer.user.id });
    Object.assign(target, edit.customer, { timeBegin: edit.timeBegin, timeEnd: edit.timeEnd });
    setBookingState(target, { isCommitted: edit.isCommitted, isPayed: edit.isPayed, isRejected: edit.isRejected, paymentProvider: edit.paymentProvider, paymentMethod: edit.paymentMethod }, new Date(now));
    if (edit.assignedUserId !== undefined) target.assignedUserId = edit.assignedUserId;
    if (lockers !== null) target.lockerInfo = lockers;

    const minutes = bookedMinutes(edit.timeBegin, edit.timeEnd);
    const lines = edit.items.map((item) => {
      const snapshot = snapshots.get(item.bookableId) as BookableSnapshot;
      const price = itemPrice(snapshot, { minutes, amount: item.amount });
      const vat = 1 + (price.category?.priceValueAddedTax ?? 0) / 100;
      const regularNet = toCents(price.unitNetEur);
      const coupon = target.couponUsed ?? null;
      const userGross = item.userGrossPriceEur !== null ? toCents(item.userGrossPriceEur) : Math.round(discountedCents(regularNet, coupon) * vat);
      const userNet = item.userGrossPriceEur !== null ? Math.round(userGross / vat) : discountedCents(regularNet, coupon);
      return {
        bookableId: item.bookableId,
        amount: item.amount,
        quantity: price.category?.fixedPrice ? 1 : item.amount,
        regularPriceEur: fromCents(regularNet),
        regularGrossPriceEur: fromCents(Math.round(regularNet * vat)),
        userPriceEur: fromCents(userNet),
        userGrossPriceEur: fromCents(userGross),
        bookableUsed: snapshot,
      };
    });
    const totals = bookingTotals(lines);
    target.priceEur = totals.priceEur;
    target.vatIncludedEur = totals.vatIncludedEur;
    setItems(tx, target, lines);
    // Stored attachments stay (receipts, consents); new objects add their documents.
    const known = new Set(target.attachments.map((attachment) => `${attachment.bookableId ?? ''}:${String(attachment.id ?? attachment.title)}`));
    const added = bookingAttachments(records.map((entry) => entry.record), []).attachments.filter((attachment) => !known.has(`${attachment.bookableId ?? ''}:${String(attachment.id)}`));
    target.attachments = [...target.attachments, ...added];
    target.searchText = searchTextOf(target, lines.map((line) => line.bookableUsed.title));
    await tx.flush();
    // Released tickets get their entry codes in the transaction that releases them, once.
    await this.ticketCodes.issue(tx, target);

    // Released by this change, or released with units reserved anew: the locker system opens them.
    if (target.isCommitted && !target.isRejected && (!wasCommitted || lockers !== null)) jobs.push(...lockerActivationJobs(target));
    // Marked paid with something to pay: the paid follow-ups (receipt, confirmation) speak for it.
    const transitions = paymentTransitions(before, target);
    const tickets = holdsTickets(lines.map((line) => line.bookableUsed));
    if (!booking) {
      // A manual booking asks for no payment (docs/bookings.md); created paid and released,
      // its confirmation comes from the paid follow-ups, with the receipt.
      transitions.paymentRequested = false;
      const mails = newBookingMailJobs(tenantId, target.number, target, tickets);
      jobs.push(...(transitions.paid && target.isCommitted && !target.isRejected ? mails.filter((job) => job.name !== BOOKING_MAIL_JOB || job.payload.kind === 'request-received') : mails));
    } else if (!wasCommitted && target.isCommitted && !target.isRejected && !(target.priceEur > 0)) {
      // Released with nothing to pay. A priced one paid before (or by) this change gets its
      // confirmation with the receipt from the payment events below.
      jobs.push(bookingMailJob({ tenantId, bookingId: target.number, kind: 'released' }));
    }
    // A ticket booking released by this change: the events' organisers hear of it (mail 10).
    if (booking && !wasCommitted && target.isCommitted && !target.isRejected && tickets) jobs.push(organizerMailsJob(tenantId, target.number));
    // An edit that releases, rejects or marks paid announces the transitions, like the status actions.
    const webhookTypes = flagsBefore ? bookingWebhookTypes(statusEntries(flagsBefore, statusFlagsOf(target)).map((entry) => entry.action)) : createdBookingWebhookTypes(target);
    await recordBookingChange(
      tx,
      { tenantId, id: target.number, action: booking ? 'UPDATED' : 'CREATED', assignedUserId: target.assignedUserId ?? null, bookableIds: [...objectsBefore, ...lines.map((line) => line.bookableId)], webhookBefore },
      jobs,
      webhookTypes,
    );
    // The history: created, or the fields this edit changed with their old and new value (a save that changes nothing adds nothing).
    const changes = valuesBefore ? historyDiff(valuesBefore, historyValuesOf(target)) : [];
    if (!valuesBefore || changes.length > 0) await recordBookingHistory(tx, { tenantId, bookingId: target.number, action: valuesBefore ? 'changed' : 'created', ...origin, changes });
    await reportPaymentEvents(this.payments, tx, tenantId, target.number, transitions, target);
    // The board last: an entered state's status actions change the booking in this transaction, as
    // a change after this one (with their own mails, payment events and live event); a release they
    // refuse (409) refuses the whole edit.
    // A chosen state's status actions may claim the objects: their locks before any state's (booking.locks.ts).
    if (edit.workflowStatus !== undefined) await lockObjects(tx, lockKeysOf(records));
    if (!booking) await this.workflows.placeNewBookingIn(tx, tenantId, target.number, now, origin);
    if (edit.workflowStatus !== undefined) await this.workflows.placeBookingIn(tx, tenantId, target.number, edit.workflowStatus ?? 'backlog', now, origin);
    // Released, rejected or paid here without a chosen place: the card follows the status.
    else if (flagsBefore) await this.workflows.followBookingStatus(tx, tenantId, target.number, statusEntries(flagsBefore, statusFlagsOf(target)).map((entry) => entry.action), target, origin);
    return target;
  }

  /** What the edited booking claims, next to what it held (nothing when it was rejected). */
  private async claimOf(tx: EntityManager, tenantId: string, edit: BookingEdit, records: readonly BookableFamily[], booking: Booking | null): Promise<OccupancyClaim> {
    const tenant = await tx.findOneOrFail(Tenant, { id: tenantId });
    const families = new Map(records.map((family) => [family.record.id, family]));
    return {
      tenantId,
      limits: tenant,
      begin: edit.timeBegin,
      end: edit.timeEnd,
      // A deleted object limits nothing.
      items: edit.items.flatMap((item) => {
        const family = families.get(item.bookableId);
        return family ? [{ ...family, amount: item.amount }] : [];
      }),
      bookingKey: booking?.key ?? null,
      lockerSystems: activeLockerSystems(tenant.applications),
      held:
        booking && !booking.isRejected
          ? { begin: booking.timeBegin ?? null, end: booking.timeEnd ?? null, items: booking.items.getItems().map((item) => ({ bookableId: item.bookableId, amount: item.amount })) }
          : null,
    };
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    bookingEditor: BookingEditorService;
  }
}
