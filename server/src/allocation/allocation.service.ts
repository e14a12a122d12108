import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  allocationApplicationSchema,
  allocationDecisionSchema,
  allocationMessages,
  allocationRoundSchema,
  type AllocationApplicationInput,
} from '../../../common/allocation/allocation.schema.js';
import { viewerActor } from '../../../common/changes/actor.js';
import type { BookingHistoryVia } from '../../../common/bookings/history.js';
import { canManageAllocationRounds, canReadAllocationRounds } from '../../../common/permissions/permissions.js';
import { Bookable } from '../bookables/bookable.entity.js';
import type { CheckoutService } from '../bookings/checkout/checkout.service.js';
import { AppError, errorCatalogue } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import { enqueueJobs } from '../shared/jobs.js';
import { parseInput } from '../shared/schema-input.js';
import { assertTokenTenant } from '../shared/token-scope.js';
import { Tenant } from '../tenants/tenant.entity.js';
import type { Viewer } from '../users/viewer.service.js';
import { AllocationApplication, AllocationRound, AllocationWish } from './allocation.entities.js';
import { allocationResultMailJob } from './allocation.mails.js';
import {
  applicationFields,
  decisionSnapshot,
  grantOf,
  roundView,
  seasonSeries,
  slotOf,
  slotsClash,
  wishView,
  type AllocationApplicationView,
  type AllocationBookableView,
  type AllocationDecisionSnapshot,
  type AllocationGridView,
  type AllocationHistoryEntry,
  type AllocationRoundDetail,
  type AllocationRoundView,
  type AllocationSlot,
  type AllocationStaffWishView,
  type AllocationWishView,
} from './allocation.model.js';

/** What the allocation needs of the checkout: the series preview and the series booking of an account. */
export type AllocationSeriesBooking = Pick<CheckoutService, 'previewAccountSeries' | 'bookAccountSeriesIn'>;

/** How many applications a round has, and their wishes not decided yet. */
const countsOf = (applications: readonly AllocationApplication[]) => ({
  applicationCount: applications.length,
  openWishCount: applications.reduce((count, application) => count + application.wishes.getItems().filter((wish) => !wish.decision).length, 0),
});

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * Allocation rounds (docs/bookings.md, "Allocation rounds"): staff open a round over a season of
 * objects; signed-in accounts apply with wishes during the window; staff grant or decline each
 * wish, every decision kept in the round's history; publishing books every applicant's grants as
 * series through the checkout (same guard and locks), one transaction and one result mail per
 * applicant.
 */
export class AllocationService {
  constructor(
    private readonly orm: MikroORM,
    private readonly series: AllocationSeriesBooking,
  ) {}

  // Staff ------------------------------------------------------------------------------------

  /** Staff run rounds and read them by the rules the GraphQL fields name (ALLOCATION_MANAGER, ALLOCATION_READER), the same functions. */
  private requireStaff(viewer: Viewer | null, tenantId: string, write: boolean): Viewer {
    if (!viewer) throw new AppError('auth.unauthenticated');
    assertTokenTenant(viewer, tenantId);
    const allowed = write ? canManageAllocationRounds : canReadAllocationRounds;
    if (!allowed(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    return viewer;
  }

  async listRounds(viewer: Viewer | null, tenantId: string): Promise<AllocationRoundView[]> {
    const staff = viewer !== null && canReadAllocationRounds(viewer.permissions, tenantId);
    if (!staff) return this.openRounds(tenantId);
    this.requireStaff(viewer, tenantId, false);
    const em = this.orm.em.fork();
    const rounds = await em.find(AllocationRound, { tenant: tenantId }, { orderBy: { seasonBegin: 'desc', createdAt: 'desc' } });
    const titles = await this.bookablesOf(em, tenantId, rounds.flatMap((round) => round.bookableIds));
    const applications = rounds.length === 0 ? [] : await em.find(AllocationApplication, { round: { $in: rounds.map((round) => round.id) } }, { populate: ['wishes'] });
    return rounds.map((round) => ({ ...roundView(round, titles), ...countsOf(applications.filter((application) => application.round.id === round.id)) }));
  }

  async createRound(viewer: Viewer | null, tenantId: string, input: unknown): Promise<AllocationRoundView> {
    const actor = this.requireStaff(viewer, tenantId, true);
    const fields = parseInput(allocationRoundSchema, input);
    return this.orm.em.fork().transactional(async (tx) => {
      if (!(await tx.findOne(Tenant, { id: tenantId }))) throw new AppError('generic.not-found', { detail: 'Der Mandant existiert nicht.' });
      const titles = await this.requireTenantBookables(tx, tenantId, fields.bookableIds);
      const round = tx.create(AllocationRound, { tenant: tx.getReference(Tenant, tenantId), ...fields });
      await tx.flush();
      await this.record(tx, actor, { tenantId, roundId: round.id, wishId: null, action: 'round_created' });
      return { ...roundView(round, titles), ...countsOf([]) };
    });
  }

  async updateRound(viewer: Viewer | null, tenantId: string, id: string, input: unknown): Promise<AllocationRoundView> {
    const actor = this.requireStaff(viewer, tenantId, true);
    const fields = parseInput(allocationRoundSchema, input);
    return this.orm.em.fork().transactional(async (tx) => {
      const round = await this.lockRound(tx, tenantId, id);
      if (round.state === 'PUBLISHED') throw new AppError('allocation.round-published');
      const titles = await this.requireTenantBookables(tx, tenantId, fields.bookableIds);
      tx.assign(round, fields);
      await tx.flush();
      await this.record(tx, actor, { tenantId, roundId: round.id, wishId: null, action: 'round_updated' });
      return roundView(round, titles);
    });
  }

  /** The round with every application and wish, each wish's conflicts, and the history. */
  async round(viewer: Viewer | null, tenantId: string, id: string): Promise<AllocationRoundDetail> {
    this.requireStaff(viewer, tenantId, false);
    const em = this.orm.em.fork();
    const round = await this.findRound(em, tenantId, id);
    const applications = await this.applicationsOf(em, round.id);
    const wishes = applications.flatMap((application) => application.wishes.getItems());
    const titles = await this.bookablesOf(em, tenantId, [...round.bookableIds, ...wishes.map((wish) => wish.grantBookableId ?? '').filter(Boolean)]);
    const nameOf = new Map(applications.map((application) => [application.id, application.name]));
    const staffApplications = [];
    for (const application of applications) {
      const staffWishes: AllocationStaffWishView[] = [];
      for (const wish of application.wishes.getItems()) {
        const slot = slotOf(wish);
        const clashes = slot
          ? wishes
              .filter((other) => other.id !== wish.id)
              .filter((other) => {
                const otherSlot = slotOf(other);
                return otherSlot !== null && slotsClash(slot, otherSlot);
              })
              .map((other) => ({ wishId: other.id, applicationId: other.application.id, applicantName: nameOf.get(other.application.id) ?? '', granted: other.decision === 'GRANT' }))
          : [];
        // Once published, the booked series is what counts: the dates left out are kept on the wish.
        const dates = slot && round.state === 'OPEN' ? await this.unavailableDates(round, application.userId, application, slot, wish.interval) : [];
        staffWishes.push({ ...wishView(wish), conflicts: { wishes: clashes, dates } });
      }
      staffApplications.push({ ...applicationFields(application), wishes: staffWishes });
    }
    return {
      ...roundView(round, titles),
      ...countsOf(applications),
      applications: staffApplications,
      history: await this.readHistory(em, round.id),
      undecidedCount: wishes.filter((wish) => !wish.decision).length,
    };
  }

  /**
   * The allocation screen's grid: per object of the round, per weekday and hour, the wishes and
   * grants in it. A wish for a kind of object not decided yet stands in every object of that kind
   * (marked as such), where staff look for a place for it; it takes no object, so it makes no conflict.
   */
  async grid(viewer: Viewer | null, tenantId: string, roundId: string): Promise<AllocationGridView> {
    this.requireStaff(viewer, tenantId, false);
    const em = this.orm.em.fork();
    const round = await this.findRound(em, tenantId, roundId);
    const applications = await this.applicationsOf(em, round.id);
    const titles = await this.bookablesOf(em, tenantId, round.bookableIds);
    const entryOf = (application: AllocationApplication, wish: AllocationWish, slot: Omit<AllocationSlot, 'bookableId'>, kind: string | null) => ({
      wishId: wish.id,
      applicationId: application.id,
      applicantName: application.name,
      granted: wish.decision === 'GRANT',
      timeBegin: slot.timeBegin,
      timeEnd: slot.timeEnd,
      bookableType: kind,
    });
    const placed = applications.flatMap((application) =>
      application.wishes.getItems().flatMap((wish) => {
        const slot = slotOf(wish);
        return slot ? [{ slot, entry: entryOf(application, wish, slot, null) }] : [];
      }),
    );
    const byKind = applications.flatMap((application) =>
      application.wishes
        .getItems()
        .filter((wish) => !wish.decision && !wish.bookableId && wish.bookableType)
        .map((wish) => ({ kind: wish.bookableType as string, weekday: wish.weekday, timeBegin: wish.timeBegin, timeEnd: wish.timeEnd, entry: entryOf(application, wish, wish, wish.bookableType ?? null) })),
    );
    const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
    return {
      roundId: round.id,
      rows: round.bookableIds
        .map((id) => titles.get(id))
        .filter((bookable): bookable is AllocationBookableView => bookable !== undefined)
        .map((bookable) => ({
          bookable,
          days: weekdays.map((weekday) => ({
            weekday,
            cells: HOURS.map((hour) => {
              const hourSlot: AllocationSlot = { bookableId: bookable.id, weekday, timeBegin: hourText(hour), timeEnd: hour === 23 ? '24:00' : hourText(hour + 1) };
              const inCell = placed.filter((item) => slotsClash(item.slot, hourSlot));
              const conflict = inCell.some((item, index) => inCell.some((other, otherIndex) => otherIndex !== index && slotsClash(item.slot, other.slot)));
              const kindWishes = byKind.filter((item) => item.kind === bookable.type && slotsClash({ ...item, bookableId: bookable.id }, hourSlot));
              return { hour, entries: [...inCell.map((item) => item.entry), ...kindWishes.map((item) => item.entry)], conflict };
            }),
          })),
        })),
    };
  }

  /**
   * Grants a wish (as wished, or with another object of the round, weekday or times) or declines it
   * with a reason; may be decided again until the round is published. A grant overlapping another
   * grant of the round is refused. Each decision is written to the round's history.
   */
  async decide(viewer: Viewer | null, tenantId: string, input: unknown): Promise<AllocationWishView> {
    const actor = this.requireStaff(viewer, tenantId, true);
    const request = parseInput(allocationDecisionSchema, input);
    if (!isUuid(request.wishId)) throw new AppError('allocation.not-found');
    return this.orm.em.fork().transactional(async (tx) => {
      const found = await tx.findOne(AllocationWish, { id: request.wishId }, { populate: ['round', 'application'] });
      if (!found || found.round.tenant.id !== tenantId) throw new AppError('allocation.not-found');
      // The round's lock orders decisions and publishing: two grants cannot slip past each other's check.
      const round = await this.lockRound(tx, tenantId, found.round.id);
      if (round.state === 'PUBLISHED') throw new AppError('allocation.round-published');
      const wish = found;
      const before = decisionSnapshot(wish);
      if (request.decision === 'DECLINE') {
        Object.assign(wish, { decision: 'DECLINE', grantBookableId: null, grantWeekday: null, grantTimeBegin: null, grantTimeEnd: null });
      } else {
        const grant: AllocationSlot = {
          bookableId: request.bookableId || wish.bookableId || '',
          weekday: request.weekday ?? wish.weekday,
          timeBegin: request.timeBegin ?? wish.timeBegin,
          timeEnd: request.timeEnd ?? wish.timeEnd,
        };
        if (!grant.bookableId) {
          const detail = errorCatalogue['allocation.grant-object-required'].detail;
          throw new AppError('allocation.grant-object-required', { detail, fieldErrors: { bookableId: detail } });
        }
        if (!round.bookableIds.includes(grant.bookableId)) throw new AppError('generic.validation', { fieldErrors: { bookableId: 'Das Objekt gehört nicht zu dieser Vergaberunde.' } });
        if (wish.bookableType) {
          const granted = (await this.bookablesOf(tx, tenantId, [grant.bookableId])).get(grant.bookableId);
          if (granted?.type !== wish.bookableType) {
            const detail = errorCatalogue['allocation.grant-object-kind'].detail;
            throw new AppError('allocation.grant-object-kind', { detail, fieldErrors: { bookableId: detail } });
          }
        }
        if (grant.timeEnd <= grant.timeBegin) throw new AppError('generic.validation', { fieldErrors: { timeEnd: allocationMessages.timeOrder } });
        const others = await tx.find(AllocationWish, { round: round.id, decision: 'GRANT', id: { $ne: wish.id } }, { populate: ['application'] });
        const clash = others.find((other) => {
          const otherGrant = grantOf(other);
          return otherGrant !== null && slotsClash(grant, otherGrant);
        });
        if (clash) {
          throw new AppError('allocation.grant-conflict', {
            detail: `Die Zusage überschneidet sich mit der Zusage an ${clash.application.name} (${clash.grantTimeBegin}–${clash.grantTimeEnd} Uhr); bitte lösen Sie den Konflikt zuerst.`,
          });
        }
        Object.assign(wish, { decision: 'GRANT', grantBookableId: grant.bookableId, grantWeekday: grant.weekday, grantTimeBegin: grant.timeBegin, grantTimeEnd: grant.timeEnd });
      }
      wish.reason = request.reason;
      wish.decidedAt = new Date();
      await tx.flush();
      await this.record(tx, actor, { tenantId, roundId: round.id, wishId: wish.id, action: 'decided', before, after: decisionSnapshot(wish) });
      return wishView(wish);
    });
  }

  /**
   * Publishes the round: refused while wishes are undecided or grants overlap. The round is marked
   * published first (no decision changes after), then each applicant not yet done is booked in a
   * transaction of its own: every grant a series over the season, its result mail queued in the
   * same transaction, the applicant marked done. A repeated call books nothing twice and finishes
   * what an interrupted one left.
   */
  async publish(viewer: Viewer | null, tenantId: string, id: string, via: BookingHistoryVia): Promise<AllocationRoundDetail> {
    const actor = this.requireStaff(viewer, tenantId, true);
    const origin = { actor: viewerActor(actor), via };
    await this.orm.em.fork().transactional(async (tx) => {
      const round = await this.lockRound(tx, tenantId, id);
      if (round.state === 'PUBLISHED') return;
      const wishes = await tx.find(AllocationWish, { round: round.id });
      const undecided = wishes.filter((wish) => !wish.decision).length;
      const grants = wishes.map(grantOf).filter((grant): grant is AllocationSlot => grant !== null);
      const clashing = grants.some((grant, index) => grants.some((other, otherIndex) => otherIndex !== index && slotsClash(grant, other)));
      if (undecided > 0 || clashing) {
        throw new AppError('allocation.undecided-wishes', {
          detail: undecided > 0 ? `Über ${undecided === 1 ? 'einen Wunsch' : `${undecided} Wünsche`} ist noch nicht entschieden.` : 'Zusagen überschneiden sich; bitte lösen Sie die Konflikte zuerst.',
        });
      }
      round.state = 'PUBLISHED';
      round.publishedAt = new Date();
      await tx.flush();
      await this.record(tx, actor, { tenantId, roundId: round.id, wishId: null, action: 'published' });
    });
    const pending = await this.orm.em.fork().find(AllocationApplication, { round: id, publishedAt: null }, { orderBy: { createdAt: 'asc' } });
    for (const { id: applicationId } of pending) {
      await this.orm.em.fork().transactional(async (tx) => {
        await tx.execute('select id from allocation_applications where id = ? for update', [applicationId]);
        const application = await tx.findOne(AllocationApplication, { id: applicationId, publishedAt: null }, { populate: ['round', 'wishes'], refresh: true });
        if (!application) return;
        for (const wish of application.wishes.getItems()) {
          const grant = grantOf(wish);
          const season = grant && seasonSeries(application.round, grant, wish.interval);
          if (!grant || !season) continue;
          const booked = await this.series.bookAccountSeriesIn(tx, { tenantId, bookableId: grant.bookableId, userId: application.userId, ...season, customer: this.customerOf(application) }, origin);
          wish.seriesId = booked.seriesId;
          wish.leftOutDates = booked.dates.filter((date) => !date.available).map((date) => ({ date: date.date, reason: date.reason, reasonText: date.reasonText }));
        }
        application.publishedAt = new Date();
        await tx.flush();
        await enqueueJobs(tx, [allocationResultMailJob(application.id)]);
      });
    }
    return this.round(actor, tenantId, id);
  }

  async history(viewer: Viewer | null, tenantId: string, id: string): Promise<AllocationHistoryEntry[]> {
    this.requireStaff(viewer, tenantId, false);
    const em = this.orm.em.fork();
    const round = await this.findRound(em, tenantId, id);
    return this.readHistory(em, round.id);
  }

  // Applicants -------------------------------------------------------------------------------

  /** Rounds whose application window is open now, for everyone. */
  async openRounds(tenantId: string): Promise<AllocationRoundView[]> {
    const em = this.orm.em.fork();
    const now = new Date();
    const rounds = await em.find(AllocationRound, { tenant: tenantId, state: 'OPEN', applicationsFrom: { $lte: now }, applicationsUntil: { $gt: now } }, { orderBy: { applicationsUntil: 'asc' } });
    const titles = await this.bookablesOf(em, tenantId, rounds.flatMap((round) => round.bookableIds));
    return rounds.map((round) => roundView(round, titles));
  }

  /** A signed-in person (not an API token): the account applying. */
  private requireAccount(viewer: Viewer | null, tenantId: string): Viewer {
    if (!viewer) throw new AppError('auth.unauthenticated', { detail: 'Bitte melden Sie sich an, um sich zu bewerben.' });
    assertTokenTenant(viewer, tenantId);
    if (viewer.apiToken) throw new AppError('auth.forbidden', { detail: 'Bewerbungen gibt ein angemeldetes Konto ab, kein API-Schlüssel.' });
    return viewer;
  }

  async apply(viewer: Viewer | null, tenantId: string, roundId: string, input: unknown): Promise<AllocationApplicationView> {
    const account = this.requireAccount(viewer, tenantId);
    const fields = parseInput(allocationApplicationSchema, input);
    return this.orm.em.fork().transactional(async (tx) => {
      const round = await this.lockRound(tx, tenantId, roundId);
      this.requireWindow(round);
      if (await tx.findOne(AllocationApplication, { round: round.id, userId: account.user.id })) throw new AppError('allocation.already-applied');
      await this.requireWishObjects(tx, round, fields);
      const application = tx.create(AllocationApplication, { round, userId: account.user.id, name: fields.name, contactName: fields.contactName, mail: fields.mail, phone: fields.phone, registration: fields.registration });
      this.addWishes(tx, round, application, fields);
      await tx.flush();
      return this.applicationView(application);
    });
  }

  /** The applicant changes the organisation's data and replaces the wishes, while the window is open. */
  async updateApplication(viewer: Viewer | null, tenantId: string, id: string, input: unknown): Promise<AllocationApplicationView> {
    const account = this.requireAccount(viewer, tenantId);
    const fields = parseInput(allocationApplicationSchema, input);
    return this.orm.em.fork().transactional(async (tx) => {
      const application = await this.ownApplication(tx, account, tenantId, id);
      const round = await this.lockRound(tx, tenantId, application.round.id);
      this.requireWindow(round);
      await this.requireWishObjects(tx, round, fields);
      for (const wish of application.wishes.getItems()) tx.remove(wish);
      application.wishes.removeAll();
      Object.assign(application, { name: fields.name, contactName: fields.contactName, mail: fields.mail, phone: fields.phone, registration: fields.registration, updatedAt: new Date() });
      this.addWishes(tx, round, application, fields);
      await tx.flush();
      return this.applicationView(application);
    });
  }

  async withdraw(viewer: Viewer | null, tenantId: string, id: string): Promise<boolean> {
    const account = this.requireAccount(viewer, tenantId);
    return this.orm.em.fork().transactional(async (tx) => {
      const application = await this.ownApplication(tx, account, tenantId, id);
      const round = await this.lockRound(tx, tenantId, application.round.id);
      this.requireWindow(round);
      tx.remove(application);
      await tx.flush();
      return true;
    });
  }

  /** The viewer's applications in the tenant's rounds, with each wish's decision and reason (after publishing too). */
  async myApplications(viewer: Viewer | null, tenantId: string): Promise<AllocationApplicationView[]> {
    const account = this.requireAccount(viewer, tenantId);
    const em = this.orm.em.fork();
    const applications = await em.find(AllocationApplication, { userId: account.user.id, round: { tenant: tenantId } }, { populate: ['wishes'], orderBy: { createdAt: 'desc' } });
    return applications.map((application) => this.applicationView(application));
  }

  // Pieces -----------------------------------------------------------------------------------

  private applicationView(application: AllocationApplication): AllocationApplicationView {
    const wishes = [...application.wishes.getItems()].sort((a, b) => a.priority - b.priority);
    return { ...applicationFields(application), wishes: wishes.map(wishView) };
  }

  private customerOf(application: AllocationApplication) {
    const contact = [application.contactName && `Ansprechperson: ${application.contactName}`, application.registration && `Registrierung: ${application.registration}`].filter(Boolean).join(', ');
    return { name: application.name, mail: application.mail, phone: application.phone, comment: contact };
  }

  private requireWindow(round: AllocationRound): void {
    if (round.state === 'PUBLISHED') throw new AppError('allocation.round-published');
    const now = Date.now();
    if (now < round.applicationsFrom.getTime() || now >= round.applicationsUntil.getTime()) throw new AppError('allocation.window-closed');
  }

  private addWishes(tx: EntityManager, round: AllocationRound, application: AllocationApplication, fields: AllocationApplicationInput): void {
    for (const wish of fields.wishes) {
      application.wishes.add(
        tx.create(AllocationWish, {
          application,
          round,
          bookableId: wish.bookableId || null,
          bookableType: wish.bookableType || null,
          weekday: wish.weekday as NonNullable<typeof wish.weekday>,
          timeBegin: wish.timeBegin as string,
          timeEnd: wish.timeEnd as string,
          interval: wish.interval,
          participants: wish.participants,
          priority: wish.priority,
          comment: wish.comment,
        }),
      );
    }
  }

  /** A wish names an object of the round, or a kind of object one of the round's objects is. */
  private async requireWishObjects(em: EntityManager, round: AllocationRound, fields: AllocationApplicationInput): Promise<void> {
    const objects = await this.bookablesOf(em, round.tenant.id, round.bookableIds);
    const types = new Set([...objects.values()].map((bookable) => bookable.type));
    const errors: Record<string, string> = {};
    fields.wishes.forEach((wish, index) => {
      if (wish.bookableId && !round.bookableIds.includes(wish.bookableId)) errors[`wishes.${index}.bookableId`] = 'Das Objekt gehört nicht zu dieser Vergaberunde.';
      if (wish.bookableType && !types.has(wish.bookableType)) errors[`wishes.${index}.bookableType`] = 'Diese Objektart wird in dieser Vergaberunde nicht vergeben.';
    });
    if (Object.keys(errors).length > 0) throw new AppError('generic.validation', { fieldErrors: errors });
  }

  private async ownApplication(tx: EntityManager, viewer: Viewer, tenantId: string, id: string): Promise<AllocationApplication> {
    if (!isUuid(id)) throw new AppError('allocation.not-found');
    const application = await tx.findOne(AllocationApplication, { id, userId: viewer.user.id, round: { tenant: tenantId } }, { populate: ['wishes', 'round'] });
    if (!application) throw new AppError('allocation.not-found');
    return application;
  }

  private async findRound(em: EntityManager, tenantId: string, id: string): Promise<AllocationRound> {
    if (!isUuid(id)) throw new AppError('allocation.not-found');
    const round = await em.findOne(AllocationRound, { id, tenant: tenantId });
    if (!round) throw new AppError('allocation.not-found');
    return round;
  }

  /** The round read under its row lock: decisions, applications and publishing of one round run one after another. */
  private async lockRound(tx: EntityManager, tenantId: string, id: string): Promise<AllocationRound> {
    if (!isUuid(id)) throw new AppError('allocation.not-found');
    await tx.execute('select id from allocation_rounds where id = ? and tenant_id = ? for update', [id, tenantId]);
    const round = await tx.findOne(AllocationRound, { id, tenant: tenantId }, { refresh: true });
    if (!round) throw new AppError('allocation.not-found');
    return round;
  }

  private async applicationsOf(em: EntityManager, roundId: string): Promise<AllocationApplication[]> {
    return em.find(AllocationApplication, { round: roundId }, { populate: ['wishes'], orderBy: { createdAt: 'asc' } });
  }

  private async bookablesOf(em: EntityManager, tenantId: string, ids: readonly string[]): Promise<Map<string, AllocationBookableView>> {
    const wanted = [...new Set(ids)].filter(isUuid);
    if (wanted.length === 0) return new Map();
    const found = await em.find(Bookable, { id: { $in: wanted }, tenant: tenantId });
    return new Map(found.map((bookable) => [bookable.id, { id: bookable.id, title: bookable.title, type: bookable.type }]));
  }

  private async requireTenantBookables(em: EntityManager, tenantId: string, ids: readonly string[]): Promise<Map<string, AllocationBookableView>> {
    const titles = await this.bookablesOf(em, tenantId, ids);
    if (ids.some((id) => !titles.has(id))) throw new AppError('generic.validation', { fieldErrors: { bookableIds: 'Jedes Objekt muss ein Objekt dieses Mandanten sein.' } });
    return titles;
  }

  /** The season dates on which the slot cannot be booked, by the same check as the series preview. */
  private async unavailableDates(round: AllocationRound, userId: string, application: AllocationApplication, slot: AllocationSlot, interval: number) {
    const season = seasonSeries(round, slot, interval);
    if (!season) return [];
    const dates = await this.series.previewAccountSeries({ tenantId: round.tenant.id, bookableId: slot.bookableId, userId, ...season, customer: this.customerOf(application) });
    return dates.filter((date) => !date.available).map((date) => ({ date: date.date, reason: date.reason, reasonText: date.reasonText }));
  }

  private async record(
    tx: EntityManager,
    viewer: Viewer,
    entry: { tenantId: string; roundId: string; wishId: string | null; action: string; before?: AllocationDecisionSnapshot | null; after?: AllocationDecisionSnapshot | null },
  ): Promise<void> {
    const actor = viewerActor(viewer);
    await tx.execute('insert into allocation_history (tenant_id, round_id, wish_id, action, actor_id, actor_label, before, after) values (?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb)', [
      entry.tenantId,
      entry.roundId,
      entry.wishId,
      entry.action,
      actor.id,
      actor.label,
      entry.before ? JSON.stringify(entry.before) : null,
      entry.after ? JSON.stringify(entry.after) : null,
    ]);
  }

  private async readHistory(em: EntityManager, roundId: string): Promise<AllocationHistoryEntry[]> {
    const rows = await em.execute<{ id: string; at: Date; action: string; wish_id: string | null; actor_id: string | null; actor_label: string; before: AllocationDecisionSnapshot | null; after: AllocationDecisionSnapshot | null }[]>(
      'select id::text as id, at, action, wish_id, actor_id, actor_label, before, after from allocation_history where round_id = ? order by at, id',
      [roundId],
    );
    return rows.map((row) => ({ id: row.id, at: new Date(row.at), action: row.action, wishId: row.wish_id, actorId: row.actor_id, actorLabel: row.actor_label, before: row.before, after: row.after }));
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    allocation: AllocationService;
  }
}
