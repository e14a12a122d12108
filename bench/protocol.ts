/** The messages between the measuring process (run.ts) and the server process (worker.ts). */

/** A raw SQL measurement: the viewer lookup of auth/me, or the page of the staff's bookings list. */
export type RawLookup = { kind: 'viewer'; userId: string } | { kind: 'bookingPage'; tenantId: string };

export type BenchRequest =
  | { type: 'raw'; lookup: RawLookup; connections: number; durationMs: number }
  | { type: 'seed'; bookingsForList: number; pastBookingsLarge: number; bookingsInWeekEnd: string }
  /** Only the demo tenant's staff list (BENCH_ONLY=client or kanban); answers the demo tenant's id. */
  | { type: 'seedList'; bookings: number }
  /** A large tenant of its own (`name`): objects, member accounts (shared by such tenants), bookings, owned by `ownerId`; then VACUUM ANALYZE; answers ScaleTenant. */
  | { type: 'seedScale'; name: string; bookings: number; objects: number; users: number; ownerId: string }
  | { type: 'check'; bookableId: string; capacity: number }
  /**
   * Cards on the tenant's board (its cards before are removed): `cards`, or the numbers of the
   * tenant's newest `newestBookings` bookings, in turn over the states, positions from 0, in their
   * states since 0 to 5 days (in turn); answers the cards.
   */
  | { type: 'seedBoard'; tenantId: string; states: string[]; cards: string[] | { newestBookings: number } }
  | { type: 'plan'; bookableId: string; begin: string; end: string }
  /** The numbers of the demo tenant's newest `count` bookings (receipt measurement); answers {tenantId, numbers}. */
  | { type: 'receiptBookings'; count: number }
  /** Rooms of capacity 1 in a tenant of their own for the balancer's checkouts; answers BalancerRooms. */
  | { type: 'balancerRooms' }
  /** A tenant with an event of `seats` seats, two priced tickets and a coupon usable `couponUses` times; answers RushEvent. */
  | { type: 'rushEvent'; seats: number; couponUses: number }
  /** What PostgreSQL holds of the rush afterwards; answers RushCheck. */
  | { type: 'rushCheck'; tenantId: string; eventId: string; couponCode: string }
  /** The job queue by task: jobs left, those retried, and one of their errors; answers QueueTask[]. */
  | { type: 'queue' }
  /** The memory of the server process and of its Chromium processes; answers MemoryReading. */
  | { type: 'memory' };

export interface MemoryReading {
  /** Resident set size of the server process (bytes). */
  rss: number;
  heapUsed: number;
  /** Summed resident set size of the Chromium processes below the server process (bytes). */
  browserRss: number;
  browserProcesses: number;
  /** PDFs the process rendered so far. */
  rendered: number;
}

export interface SeededRoom {
  id: string;
  /** Capacity (units at any moment). */
  amount: number;
}

export interface SeededData {
  demoTenantId: string;
  sportsTenantId: string;
  rooms: Record<'warmup' | 'oneSlot' | 'oneSlotTen' | 'hundredSlots' | 'distinctSlots' | 'fewPast' | 'manyPast' | 'list', SeededRoom>;
}

export interface ScaleTenant {
  tenantId: string;
  tenantName: string;
  bookings: number;
  objects: number;
  users: number;
  /** A day with bookings, as the list shows dates ("03.05.2027"). */
  date: string;
  /** The kinds of objects; each object's title is a kind and a number ("Bürgersaal 7"). */
  objectKinds: string[];
}

export interface BalancerRooms {
  tenantId: string;
  rooms: Record<'warmup' | 'direct' | 'balanced', SeededRoom>;
}

export interface RawResult {
  latencies: number[];
  durationMs: number;
}

export interface OccupancyCheck {
  stored: number;
  oversold: number;
  spanS: number;
}

export interface RushEvent {
  tenantId: string;
  eventId: string;
  ticketIds: string[];
  couponCode: string;
}

export interface RushCheck {
  /** Tickets in bookings that are not rejected. */
  seats: number;
  bookings: number;
  /** Buyers (by mail) holding more than one booking. */
  buyersWithTwoBookings: number;
  couponUsed: number;
}

export interface QueueTask {
  task: string;
  left: number;
  retried: number;
  error: string | null;
}
