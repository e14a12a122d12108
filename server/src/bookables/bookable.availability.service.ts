import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../shared/errors.js';
import { Tenant } from '../tenants/tenant.entity.js';
import type { Viewer } from '../users/viewer.service.js';
import type { Bookable } from './bookable.entity.js';
import { descendantsOf, descendantsOfMany, parentsOf } from './bookable.hierarchy.js';
import { bookableRecord, isVisibleTo, roleIdsOf, type BookableService } from './bookable.service.js';
import type { BookingOccupancy } from './booking-occupancy.js';
import type { TicketSeats } from './ticket-events.js';
import { availabilityPeriods, checkBooking, isTimeRelated } from './rules/availability.js';
import { combineOpeningHours, type CombinedOpeningHours } from './rules/opening-hours.js';

export interface AvailabilityQuery {
  startDate?: string | null;
  endDate?: string | null;
  amount?: number | null;
}

/**
 * What a bookable's place in the hierarchy and its bookings decide: combined opening hours, hourly
 * availability (checkout rules without the duration) and the dependent
 * objects. The occupancy comes from the bookings domain through BookingOccupancy.
 */
export class BookableAvailabilityService {
  constructor(
    private readonly orm: MikroORM,
    private readonly bookables: BookableService,
    private readonly bookings: BookingOccupancy,
    private readonly seats: TicketSeats | null = null,
  ) {}

  /**
   * The object itself first, then every dependent object below it (populate's relatedBookables)
   * that the viewer may read: a member with the "own" flags does not see others' objects this way.
   */
  async related(viewer: Viewer, tenantId: string, id: string): Promise<Bookable[]> {
    const bookable = await this.bookables.get(viewer, tenantId, id);
    const descendants = await descendantsOf(this.orm.em.fork(), tenantId, bookable);
    return [bookable, ...descendants.filter((child) => this.bookables.mayRead(viewer, child))];
  }

  /**
   * `related` of bookables the viewer has just listed (read under his rights already): each first,
   * then the dependent objects he may read, with one statement per level of the hierarchy.
   */
  async relatedOfListed(viewer: Viewer, tenantId: string, listed: readonly Bookable[]): Promise<Map<string, Bookable[]>> {
    const descendants = await descendantsOfMany(this.orm.em.fork(), tenantId, listed);
    return new Map(listed.map((bookable) => [bookable.id, [bookable, ...(descendants.get(bookable.id) ?? []).filter((child) => this.bookables.mayRead(viewer, child))]]));
  }

  /**
   * The public counterpart of `related` for an object the viewer may see outside the administration
   * (bookables/public?populate=true): the object first, then the dependent objects the same viewer
   * may see there (public, and named in their visibility lists where they have any).
   */
  async publicRelated(viewer: Viewer | null, tenantId: string, bookable: Bookable): Promise<Bookable[]> {
    const em = this.orm.em.fork();
    const userId = viewer?.user.id ?? null;
    const roleIds = await roleIdsOf(em, userId, tenantId);
    const descendants = await descendantsOf(em, tenantId, bookable);
    return [bookable, ...descendants.filter((child) => isVisibleTo(child, userId, roleIds))];
  }

  /** `publicRelated` of the objects of a public list, with one statement per level of the hierarchy. */
  async publicRelatedOfListed(viewer: Viewer | null, tenantId: string, listed: readonly Bookable[]): Promise<Map<string, Bookable[]>> {
    const em = this.orm.em.fork();
    const userId = viewer?.user.id ?? null;
    const roleIds = await roleIdsOf(em, userId, tenantId);
    const descendants = await descendantsOfMany(em, tenantId, listed);
    return new Map(listed.map((bookable) => [bookable.id, [bookable, ...(descendants.get(bookable.id) ?? []).filter((child) => isVisibleTo(child, userId, roleIds))]]));
  }

  /** PUBLIC: the object's opening hours narrowed by its parents'. */
  async openingHours(viewer: Viewer | null, tenantId: string, id: string): Promise<CombinedOpeningHours> {
    const em = this.orm.em.fork();
    const bookable = await this.bookables.findForPublic(em, viewer, tenantId, id);
    return combineOpeningHours([bookable, ...(await parentsOf(em, tenantId, bookable.id))]);
  }

  /**
   * PUBLIC: hourly slots between the dates, each checked as a booking of `amount` units by the
   * viewer; equal neighbours merged. An object the viewer may not see (or none) is unavailable
   * throughout, like an unknown id in the original.
   */
  async availability(viewer: Viewer | null, tenantId: string, id: string, query: AvailabilityQuery): Promise<{ timeBegin: number; timeEnd: number; available: boolean }[]> {
    const em = this.orm.em.fork();
    const now = new Date();
    const amount = query.amount && query.amount > 0 ? Math.trunc(query.amount) : 1;
    const window = { startDate: query.startDate ?? undefined, endDate: query.endDate ?? undefined, now };
    const userId = viewer?.user.id ?? null;
    const bookable = await this.bookables.findForPublic(em, viewer, tenantId, id).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'generic.not-found') return null;
      throw error;
    });
    const periods = (isAvailable: (begin: Date, end: Date) => boolean) => {
      try {
        return availabilityPeriods({ ...window, isAvailable });
      } catch (error) {
        if (error instanceof RangeError) throw new AppError('generic.validation', { detail: 'Der Zeitraum ist ungültig oder länger als ein Jahr.' });
        throw error;
      }
    };
    if (!bookable) return periods(() => false);
    // A ticket of a sold-out event (fewer seats left than asked for) is unavailable throughout.
    if (bookable.type === 'ticket' && bookable.eventId && this.seats) {
      const left = await this.seats.seatsLeftOfEvent(tenantId, bookable.eventId);
      if (left !== null && left < amount) return periods(() => false);
    }
    const roleIds = await roleIdsOf(em, userId, tenantId);

    const parents = await parentsOf(em, tenantId, bookable.id);
    const descendants = await descendantsOf(em, tenantId, bookable);
    const tenant = await em.findOneOrFail(Tenant, { id: tenantId }, { fields: ['maxBookingAdvanceInMonths'] });
    // The calendar's whole span first (it also validates the dates), then its occupancy in one read.
    const span = periods(() => true);
    const timeWindow = isTimeRelated(bookable) ? { begin: new Date(span[0].timeBegin), end: new Date(span[span.length - 1].timeEnd) } : null;
    const occupancies = await this.bookings.occupancies([bookable.id, ...parents.map((b) => b.id), ...descendants.map((b) => b.id)], timeWindow);
    const item = bookableRecord(bookable);
    const parentRecords = parents.map(bookableRecord);
    const descendantRecords = descendants.map(bookableRecord);
    return periods((begin, end) =>
      checkBooking({
        item,
        amount,
        begin,
        end,
        parents: parentRecords,
        descendants: descendantRecords,
        viewerUserId: userId,
        viewerRoleIds: roleIds,
        occupancies,
        maxBookingAdvanceInMonths: tenant.maxBookingAdvanceInMonths ?? null,
        now,
        checkDuration: false,
      }) === null,
    );
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    bookableAvailability: BookableAvailabilityService;
  }
}
