import type { Occupancy } from './rules/availability.js';

/** A time window [begin, end) in which occupancy is read. */
export interface TimeWindow {
  begin: Date;
  end: Date;
}

/**
 * What the bookables domain needs to know about bookings: how much of its objects is in use. The
 * bookings domain (above this one) implements it over its tables; the port is owned here so
 * bookables never import bookings.
 */
export interface BookingOccupancy {
  /**
   * Booked items of these objects. With a window: the non-rejected bookings overlapping it (read
   * through the occupancy index, so the cost does not grow with past bookings). Without one: one
   * row per object with the total amount of its non-rejected bookings ever (objects booked by
   * count, not by time).
   */
  occupancies(bookableIds: readonly string[], window: TimeWindow | null): Promise<Occupancy[]>;
}
