import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors.js';
import type { Viewer } from '../../users/viewer.service.js';
import { bookingStatusLabel } from '../booking.model.js';
import { mayOnBooking } from '../booking.service.js';
import type { SeriesRuleView } from './booking-series.model.js';
import { findSeries, seriesBookings, storedRuleView } from './booking-series.queries.js';

/** A stored series as the API answers it. */
export interface BookingSeriesView {
  id: string;
  tenantId: string;
  rule: SeriesRuleView;
  name: string;
  createdAt: number;
  dates: {
    bookingId: string;
    timeBegin: number | null;
    timeEnd: number | null;
    isCommitted: boolean;
    isPayed: boolean;
    isRejected: boolean;
    status: string;
    priceEur: number;
  }[];
}

/** Series bookings (docs/bookings.md, "Series"): reading a series with its dates. */
export class BookingSeriesService {
  constructor(private readonly orm: MikroORM) {}

  /**
   * GET series/:id, bookingSeries: the rule and the dates the viewer may read (someone who reads
   * only the bookings assigned to them sees those); forbidden when they may read none of them.
   */
  async view(viewer: Viewer, tenantId: string, id: string): Promise<BookingSeriesView> {
    const em = this.orm.em.fork();
    const series = await findSeries(em, tenantId, id);
    const bookings = await seriesBookings(em, tenantId, series.id);
    const readable = bookings.filter((booking) => mayOnBooking(viewer, 'read', { tenant: { id: tenantId }, assignedUserId: booking.assignedUserId ?? null }));
    if (readable.length === 0 && !mayOnBooking(viewer, 'read', { tenant: { id: tenantId }, assignedUserId: null })) throw new AppError('auth.forbidden');
    return {
      id: series.id,
      tenantId,
      rule: storedRuleView(series),
      name: series.name,
      createdAt: series.createdAt.getTime(),
      dates: readable.map((booking) => ({
        bookingId: booking.number,
        timeBegin: booking.timeBegin?.getTime() ?? null,
        timeEnd: booking.timeEnd?.getTime() ?? null,
        isCommitted: booking.isCommitted,
        isPayed: booking.isPayed,
        isRejected: booking.isRejected,
        status: bookingStatusLabel(booking),
        priceEur: booking.priceEur,
      })),
    };
  }
}

declare module '../../shared/domain-services.js' {
  interface DomainServices {
    bookingSeries: BookingSeriesService;
  }
}
