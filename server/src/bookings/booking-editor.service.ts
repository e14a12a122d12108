import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Bookable } from '../bookables/bookable.entity.js';
import { checkBooking, isTimeRelated } from '../bookables/rules/availability.js';
import { fromCents, itemPrice, toCents } from '../bookables/rules/pricing.js';
import { AppError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import type { Job } from '../shared/jobs.js';
import { can } from '../../../common/permissions/permissions.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { User } from '../users/user.entity.js';
import type { Viewer } from '../users/viewer.service.js';
import type { WorkflowService } from '../workflow/workflow.service.js';
import { isBookingNumber } from './booking-number.js';
import { busyWhenLocked, lockKeysOf, lockObjects } from './booking.locks.js';
import { paymentStateOf, paymentTransitions, reportPaymentEvents, type BookingPaymentEvents } from './booking-payment-events.js';
import { Booking } from './booking.entity.js';
import { BOOKING_MAIL_JOB, bookingMailJob, holdsTickets, newBookingMailJobs, organizerMailsJob, recordBookingChange } from './booking.jobs.js';
import { bookableSnapshot, customerFields, type BookableSnapshot, type CustomerData } from './booking.model.js';
import { requestedSeats, requireSeatsForEdit, type EventDirectory } from './event-seats.js';
import { familyOf, findBooking, freeBookingNumber, readOccupancies, searchTextOf, setItems, type BookableFamily } from './booking.queries.js';
import { mayOnBooking } from './booking.service.js';
import { parseCustomer, parseItems, parsePaymentMethod, parsePaymentProvider, parseTimes, throwIfErrors } from './checkout/checkout.input.js';
import { bookedMinutes, bookingAttachments, bookingTotals, discountedCents } from './checkout/checkout.rules.js';
import { MAX_DECIMAL, numberError } from '../../../common/validation/numbers.js';

/** What staff send to create or change a booking (PUT api/{tenantId}/bookings, saveBooking). */
export interface BookingEdit {
  id: string | null;
  timeBegin: Date | null;
  timeEnd: Date | null;
  items: { bookableId: string; amount: number; userGrossPriceEur: number | null }[];
  customer: CustomerData;
  assignedUserId: string | null | undefined;
  isCommitted: boolean;
  isPayed: boolean;
  isRejected: boolean;
  paymentProvider: string | null;
  paymentMethod: string;
  /** A workflow state id, "archive" or "backlog"; undefined leaves the board alone. */
  workflowStatus: string | null | undefined;
  /** The fields the body carried: an update keeps the stored value of every other one. */
  present: ReadonlySet<string>;
}

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

const flag = (value: unknown) => value === true || value === 'true';

/** The staff's booking body checked and normalised (rest-contract 5.1 rule 19 and 5.2 rule 5). */
export function parseBookingEdit(body: unknown): BookingEdit {
  const input = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const errors: Record<string, string> = {};
  const items = parseItems(input.bookableItems, errors).map((item, index) => {
    const raw = (input.bookableItems as Record<string, unknown>[])[index];
    const override = raw?.userGrossPriceEur;
    let userGrossPriceEur: number | null = null;
    if (override !== undefined && override !== null && override !== '') {
      userGrossPriceEur = Number(typeof override === 'string' ? override.replace(',', '.') : override);
      if (numberError(userGrossPriceEur, { max: MAX_DECIMAL })) errors[`bookableItems.${index}.userGrossPriceEur`] = 'Ungültiger Preis';
    }
    return { ...item, userGrossPriceEur };
  });
  const { timeBegin, timeEnd } = parseTimes(input, errors);
  if (timeBegin && timeEnd && timeEnd <= timeBegin) errors.timeEnd = 'Das Ende muss nach dem Beginn liegen.';
  const customer = parseCustomer(input, errors);
  const populated = input._populated && typeof input._populated === 'object' ? (input._populated as Record<string, unknown>) : {};
  const workflowStatus = 'workflowStatus' in input ? input.workflowStatus : populated.workflowStatus;
  const assigned = input.assignedUserId;
  const edit: BookingEdit = {
    id: typeof input.id === 'string' && input.id ? input.id : null,
    timeBegin,
    timeEnd,
    items,
    customer,
    assignedUserId: assigned === undefined ? undefined : typeof assigned === 'string' && assigned ? assigned : null,
    isCommitted: flag(input.isCommitted),
    isPayed: flag(input.isPayed),
    isRejected: flag(input.isRejected),
    paymentProvider: parsePaymentProvider(input.paymentProvider, errors),
    paymentMethod: parsePaymentMethod(input.paymentMethod, errors),
    workflowStatus: workflowStatus === undefined ? undefined : typeof workflowStatus === 'string' ? workflowStatus : null,
    present: new Set(Object.keys(input).filter((key) => input[key] !== undefined)),
  };
  throwIfErrors(errors);
  return edit;
}

/**
 * Staff create and change bookings (rest-contract 5.1 rule 19, 5.2 rule 5): no checkout rules for
 * opening hours, permissions or prices of the public, but never an overbooking: the objects are
 * locked like at checkout and a window that collides answers "Zeitkonflikt". Prices come from the
 * snapshot of each object (a new item takes the object as it is now), unless staff enter one.
 */
export class BookingEditorService {
  constructor(
    private readonly orm: MikroORM,
    private readonly workflows: WorkflowService,
    private readonly events: EventDirectory,
    private readonly payments: BookingPaymentEvents,
  ) {}

  /** PUT bookings: an existing number updates (update rights), anything else creates (create right). */
  async save(viewer: Viewer, tenantId: string, body: unknown): Promise<{ booking: Booking; created: boolean }> {
    const edit = parseBookingEdit(body);
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
    const booking = await busyWhenLocked(() => this.orm.em.fork().transactional((tx) => this.write(tx, viewer, tenantId, edit, existing?.key ?? null)));
    return { booking, created: !existing };
  }

  private async write(tx: EntityManager, viewer: Viewer, tenantId: string, body: BookingEdit, existingKey: string | null): Promise<Booking> {
    const booking = existingKey ? await tx.findOneOrFail(Booking, { key: existingKey }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
    if (booking) await tx.populate(booking, ['items']);
    const edit = booking ? keepAbsent(body, booking) : body;
    if (edit.timeBegin && edit.timeEnd && edit.timeEnd <= edit.timeBegin) throw new AppError('generic.validation', { fieldErrors: { timeEnd: 'Das Ende muss nach dem Beginn liegen.' } });
    const records = await this.records(tx, tenantId, edit.items.map((item) => item.bookableId));
    const snapshots = snapshotsOf(edit, booking, records);

    // Locks as at checkout, then the window checked against everyone else's bookings.
    await lockObjects(tx, lockKeysOf(records));
    if (!edit.isRejected) await this.requireNoConflict(tx, edit, records, booking?.key ?? null);
    if (!edit.isRejected) await this.requireSeats(tx, tenantId, edit, records, booking);

    const now = Date.now();
    const wasCommitted = booking ? booking.isCommitted && !booking.isRejected : false;
    const before = booking ? paymentStateOf(booking) : null;
    const target =
      booking ??
      tx.create(Booking, { tenant: tx.getReference(Tenant, tenantId), number: await freeBookingNumber(tx, tenantId), createdAt: new Date(now), assignedUserId: viewer.user.id });
    Object.assign(target, edit.customer, {
      timeBegin: edit.timeBegin,
      timeEnd: edit.timeEnd,
      isCommitted: edit.isCommitted,
      isPayed: edit.isPayed,
      isRejected: edit.isRejected,
      paymentProvider: edit.paymentProvider,
      paymentMethod: edit.paymentMethod,
    });
    if (edit.assignedUserId !== undefined) target.assignedUserId = edit.assignedUserId;

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

    const jobs: Job[] = [];
    // Marked paid with something to pay: the paid follow-ups (receipt, confirmation) speak for it.
    const transitions = paymentTransitions(before, target);
    const tickets = holdsTickets(lines.map((line) => line.bookableUsed));
    if (!booking) {
      // A manual booking asks for no payment (rest-contract 5.1 rule 19); created paid and released,
      // its confirmation comes from the paid follow-ups, with the receipt.
      transitions.paymentRequested = false;
      const mails = newBookingMailJobs(tenantId, target.number, target, tickets);
      jobs.push(...(transitions.paid && target.isCommitted && !target.isRejected ? mails.filter((job) => job.name !== BOOKING_MAIL_JOB || job.payload.kind === 'request-received') : mails));
      await this.workflows.placeNewBookingIn(tx, tenantId, target.number, now);
    } else if (!wasCommitted && target.isCommitted && !target.isRejected && (target.isPayed || !target.priceEur) && !transitions.paid) {
      jobs.push(bookingMailJob({ tenantId, bookingId: target.number, kind: 'released' }));
    }
    // A ticket booking released by this change: the events' organisers hear of it (mail 10).
    if (booking && !wasCommitted && target.isCommitted && !target.isRejected && tickets) jobs.push(organizerMailsJob(tenantId, target.number));
    if (edit.workflowStatus !== undefined) {
      // The entered state's actions are enqueued by the workflow, in this transaction.
      await this.workflows.placeBookingIn(tx, tenantId, target.number, edit.workflowStatus ?? 'backlog', now);
    }
    await recordBookingChange(tx, { tenantId, id: target.number, action: booking ? 'UPDATED' : 'CREATED', assignedUserId: target.assignedUserId ?? null }, jobs);
    await reportPaymentEvents(this.payments, tx, tenantId, target.number, transitions);
    return target;
  }

  /** The current objects with their hierarchy (a deleted object no longer limits anything). */
  private async records(em: EntityManager, tenantId: string, ids: string[]): Promise<BookableFamily[]> {
    const result: BookableFamily[] = [];
    for (const bookable of await em.find(Bookable, { id: { $in: ids.filter(isUuid) }, tenant: tenantId })) result.push(await familyOf(em, tenantId, bookable));
    return result;
  }

  /**
   * Event seats like at checkout (the events are among the locks held): an edit may not take more
   * seats of an event than are free next to the other bookings, unless it takes no more than the
   * booking held before (see requireSeatsForEdit).
   */
  private async requireSeats(em: EntityManager, tenantId: string, edit: BookingEdit, records: readonly BookableFamily[], booking: Booking | null): Promise<void> {
    const eventOf = new Map(records.filter(({ record }) => record.type === 'ticket' && record.eventId).map(({ record }) => [record.id, record.eventId as string]));
    const wanted = requestedSeats(edit.items.map((item) => ({ eventId: eventOf.get(item.bookableId) ?? null, amount: item.amount })));
    if (wanted.size === 0) return;
    const held = booking && !booking.isRejected ? requestedSeats(booking.items.getItems().map((item) => ({ eventId: eventOf.get(item.bookableId) ?? null, amount: item.amount }))) : new Map<string, number>();
    await requireSeatsForEdit(em, this.events, tenantId, wanted, held, booking?.key ?? null);
  }

  /** Capacity, parents and dependent objects against all other bookings; anything else staff may override. */
  private async requireNoConflict(em: EntityManager, edit: BookingEdit, records: readonly BookableFamily[], ownKey: string | null): Promise<void> {
    const window = edit.timeBegin && edit.timeEnd ? { begin: edit.timeBegin, end: edit.timeEnd } : null;
    for (const { record, parents, descendants } of records) {
      const amount = edit.items.find((item) => item.bookableId === record.id)?.amount ?? 1;
      const timed = isTimeRelated(record);
      if (timed && !window) throw new AppError('generic.validation', { fieldErrors: { timeBegin: `Für ${record.title} ist ein Zeitraum nötig.` } });
      const occupancies = await readOccupancies(em, [record.id, ...parents.map((p) => p.id), ...descendants.map((d) => d.id)], timed ? window : null, ownKey);
      // Only the overbooking rules: the object is treated as bookable by anyone at any hour.
      const unrestricted = { ...record, isBookable: true, permittedUsers: [], permittedRoles: [], isOpeningHoursRelated: false, isSpecialOpeningHoursRelated: false };
      const relaxedParents = parents.map((parent) => ({ ...parent, isOpeningHoursRelated: false, isSpecialOpeningHoursRelated: false }));
      const failure = checkBooking({
        item: unrestricted,
        amount,
        begin: edit.timeBegin,
        end: edit.timeEnd,
        parents: relaxedParents,
        descendants,
        viewerUserId: null,
        viewerRoleIds: [],
        occupancies,
        maxBookingAdvanceInMonths: null,
        now: new Date(),
        checkDuration: false,
      });
      if (failure) throw new AppError('booking.time-conflict', { detail: `Zeitkonflikt: ${failure.message}` });
    }
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    bookingEditor: BookingEditorService;
  }
}
