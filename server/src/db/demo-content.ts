import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { addDays, berlinInstant, berlinToday } from '../../../common/time/berlin.js';
import type { Bookable } from '../bookables/bookable.entity.js';
import type { TimePeriod } from '../bookables/bookable.model.js';
import { BookableService } from '../bookables/bookable.service.js';
import type { PaymentProvider } from '../bookings/booking.model.js';
import { Coupon } from '../coupons/coupon.entity.js';
import { couponChanges } from '../coupons/coupon.validation.js';
import { Event } from '../events/event.entity.js';
import { validateEvent } from '../events/event.validation.js';
import type { Role } from '../tenants/role.entity.js';
import type { Tenant } from '../tenants/tenant.entity.js';
import { systemChangeOrigin } from '../tenants/tenant-change-log.js';
import type { WorkflowBookings } from '../workflow/workflow-bookings.js';
import { WorkflowService } from '../workflow/workflow.service.js';
import { seedAllocationRound } from './demo-allocation.js';
import { storeDemoBooking, type DemoBookingRequest, type DemoBookingStatus } from './demo-bookings.js';

/**
 * What the demo tenant offers and what has happened there, so a first `npm start` shows the
 * product at work: an object of each kind with prices and booking times, an add-on counted by
 * time, a coupon, an event with two ticket prices, a workflow, bookings in every state around
 * today, and an open allocation round with two applications. Each part is written through the rules its domain writes it with (see seedDemoContent).
 */

/** The demo's objects by title, for the tests and the README. */
export const demoTitles = {
  venue: 'Bürgerhaus Musterstadt',
  room: 'Seminarraum im Rathaus',
  clubhouse: 'Vereinsheim am Sportplatz',
  projector: 'Beamer',
  tables: 'Bierzeltgarnitur',
  event: 'Konzert der Musikschule Musterstadt',
} as const;

export const demoCouponCode = 'WILLKOMMEN10';

/** Weekdays as bookables and JavaScript count them: 0 is Sunday. */
const MON = 1;
const TUE = 2;
const WED = 3;
const THU = 4;
const FRI = 5;
const SAT = 6;
const WORKDAYS = [MON, TUE, WED, THU, FRI];

const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** Days relative to the day the demo is seeded (Berlin), so its calendar is alive whenever it starts. */
class DemoCalendar {
  readonly today: string;

  constructor(readonly now: Date) {
    this.today = berlinToday(now);
  }

  /** The first such weekday after today, `weeks` weeks later. */
  upcoming(weekday: number, weeks = 0): string {
    return addDays(this.today, ((weekday - weekdayOf(this.today) + 6) % 7) + 1 + 7 * weeks);
  }

  /** The last such weekday before today, `weeks` weeks earlier. */
  past(weekday: number, weeks = 0): string {
    return addDays(this.today, -(((weekdayOf(this.today) - weekday + 6) % 7) + 1) - 7 * weeks);
  }

  at(date: string, time: string): Date {
    return berlinInstant(date, time);
  }

  hoursAgo(hours: number): Date {
    return new Date(this.now.getTime() - hours * 3_600_000);
  }
}

const priceCategory = (priceEur: number, priceValueAddedTax: number, interval: { start: number | null; end: number | null } = { start: null, end: null }, fixedPrice = false) => ({
  priceEur,
  priceValueAddedTax,
  interval,
  fixedPrice,
});
const period = (weekdays: number[], startTime: string, endTime: string): TimePeriod => ({ weekdays, startTime, endTime });

interface DemoObjects {
  venue: Bookable;
  room: Bookable;
  clubhouse: Bookable;
  projector: Bookable;
  tables: Bookable;
  adultTicket: Bookable;
  reducedTicket: Bookable;
}

/** The workflow states by id; the board shows them in this order. */
const states = {
  incoming: 'eingang',
  review: 'pruefung',
  released: 'freigegeben',
  paid: 'bezahlt',
  closed: 'abgelehnt',
} as const;

/** Bookables through the bookables service's own rules (validation, references, public quota), owned by the tenant's owner. */
async function seedObjects(em: EntityManager, orm: MikroORM, tenant: Tenant, ownerUserId: string, calendar: DemoCalendar): Promise<{ objects: DemoObjects; event: Event }> {
  const bookables = new BookableService(orm);
  const create = async (input: Record<string, unknown>) => {
    const bookable = await bookables.insert(em, tenant.id, ownerUserId, { isBookable: true, isPublic: true, ...input });
    // Flushed at once: the next object may name it as an add-on.
    await em.flush();
    return bookable;
  };

  const projector = await create({
    type: 'resource',
    title: demoTitles.projector,
    description: '<p>Full-HD-Beamer mit HDMI-Kabel und Leinwand, zum Ausleihen im Bürgerbüro. Zwei Geräte stehen bereit; belegt ist ein Gerät nur, solange seine Buchung läuft.</p>',
    tags: ['Technik'],
    priceType: 'per-item',
    amount: 2,
    priceCategories: [priceCategory(0, 0)],
    // Booked by time: only bookings that overlap share the two devices, so a room that always
    // comes with a beamer can be booked any number of times one after another.
    isScheduleRelated: true,
    autoCommitBooking: true,
    // Picked up from a locker: one of two units per device booked (lockers only where the tenant's
    // locker application is active: outside production, on the built-in stand-in).
    lockerDetails: { active: true, units: [{ lockerSystem: 'pareva', id: 'BEAMER-FACH', amount: 2 }] },
  });
  const tables = await create({
    type: 'resource',
    title: demoTitles.tables,
    description: '<p>Ein Tisch mit zwei Bänken für Feste im Freien. Abholung und Rückgabe am Bauhof; ab zehn Garnituren gilt der günstigere Preis.</p>',
    location: 'Bauhof, Industriestraße 12, 12345 Musterstadt',
    tags: ['Feste', 'Ausleihe'],
    priceType: 'per-item',
    priceValueAddedTax: 19,
    amount: 20,
    priceCategories: [priceCategory(8, 19, { start: 1, end: 9 }), priceCategory(6, 19, { start: 10, end: null })],
    isScheduleRelated: true,
    maxBookingDuration: 72,
    autoCommitBooking: false,
    bookingNotes: '<p>Der Bauhof meldet sich zur Abholung bei Ihnen.</p>',
  });
  const venue = await create({
    type: 'event-location',
    title: demoTitles.venue,
    description: '<p>Großer Saal mit Bühne, Küche und Platz für bis zu 200 Gäste.</p>',
    location: 'Marktstraße 5, 12345 Musterstadt',
    tags: ['Saal', 'Bühne'],
    priceType: 'per-day',
    priceValueAddedTax: 19,
    amount: 1,
    priceCategories: [priceCategory(350, 19)],
    isScheduleRelated: true,
    isOpeningHoursRelated: true,
    openingHours: [period(WORKDAYS, '08:00', '22:00')],
    autoCommitBooking: false,
    checkoutBookableIds: [{ bookableId: projector.id, mandatory: false }],
    bookingNotes: '<p>Die Schlüssel erhalten Sie nach der Freigabe im Bürgerbüro.</p>',
  });
  const room = await create({
    type: 'room',
    title: demoTitles.room,
    description: '<p>Raum für Kurse und Sitzungen bis 24 Personen im ersten Stock des Rathauses, barrierefrei erreichbar. Ein Beamer ist bei jeder Buchung dabei.</p>',
    location: 'Rathausplatz 1, 12345 Musterstadt',
    tags: ['Seminar', 'Sitzung'],
    priceType: 'per-hour',
    priceValueAddedTax: 19,
    amount: 1,
    // Up to four hours 25 € an hour, longer bookings 20 € for every hour.
    priceCategories: [priceCategory(25, 19, { start: null, end: 4 }), priceCategory(20, 19, { start: 4, end: null })],
    isScheduleRelated: true,
    minBookingDuration: 1,
    maxBookingDuration: 10,
    isOpeningHoursRelated: true,
    openingHours: [period(WORKDAYS, '08:00', '20:00')],
    autoCommitBooking: true,
    // Courses meet weekly: the public may book the room as a series (paid by invoice).
    allowSeries: true,
    checkoutBookableIds: [{ bookableId: projector.id, mandatory: true }],
  });
  const clubhouse = await create({
    type: 'room',
    title: demoTitles.clubhouse,
    description: '<p>Gemeinschaftsraum mit Teeküche für Vereine und private Feiern bis 40 Personen. Gebucht wird in festen Zeitfenstern; jede Anfrage prüft das Sportamt.</p>',
    location: 'Am Sportplatz 3, 12345 Musterstadt',
    tags: ['Verein', 'Feier'],
    priceType: 'per-item',
    priceValueAddedTax: 19,
    amount: 1,
    priceCategories: [priceCategory(45, 19, { start: null, end: null }, true)],
    isTimePeriodRelated: true,
    timePeriods: [period(WORKDAYS, '17:00', '19:00'), period(WORKDAYS, '19:00', '22:00'), period([SAT], '10:00', '14:00'), period([SAT], '14:00', '18:00')],
    autoCommitBooking: false,
    requiredFields: ['comment'],
    bookingNotes: '<p>Bitte nennen Sie im Kommentar den Anlass Ihrer Buchung.</p>',
  });

  const event = seedEvent(em, tenant, ownerUserId, venue, calendar);
  await em.flush();
  // One ticket per price category, each priced with what the attendee pays (no VAT on top).
  const ticket = (category: string, priceEur: number) =>
    create({
      type: 'ticket',
      title: `${demoTitles.event} – ${category}`,
      description: event.information.teaserText,
      eventId: event.id,
      tags: ['Musik'],
      priceType: 'per-item',
      priceCategories: [priceCategory(priceEur, 0)],
      autoCommitBooking: true,
    });
  const adultTicket = await ticket('Erwachsene', 12);
  const reducedTicket = await ticket('Ermäßigt', 6.5);
  return { objects: { venue, room, clubhouse, projector, tables, adultTicket, reducedTicket }, event };
}

/** The event through the events domain's validation; its venue is the demo's event location. */
function seedEvent(em: EntityManager, tenant: Tenant, ownerUserId: string, venue: Bookable, calendar: DemoCalendar): Event {
  const day = calendar.upcoming(FRI, 4);
  const { data, fieldErrors } = validateEvent(
    {
      format: 0,
      isPublic: true,
      information: {
        name: demoTitles.event,
        teaserText: 'Schülerinnen und Schüler der Musikschule spielen Werke von Bach bis Bernstein.',
        description: '<p>Das Jahreskonzert der Musikschule mit Orchester, Chor und Solistinnen. Einlass ab 18:30 Uhr, freie Platzwahl.</p>',
        tags: ['Musik', 'Kultur'],
        startDate: day,
        startTime: '19:00',
        endDate: day,
        endTime: '21:30',
      },
      attendees: {
        publicEvent: true,
        needsRegistration: true,
        maxAttendees: 150,
        free: false,
        priceCategories: [
          { name: 'Erwachsene', price: 12 },
          { name: 'Ermäßigt', price: 6.5 },
        ],
      },
      eventLocation: { name: demoTitles.venue, select: venue.id },
      eventAddress: { street: 'Marktstraße', houseNumber: '5', city: 'Musterstadt', zip: '12345' },
      eventOrganizer: {
        name: 'Musikschule Musterstadt',
        addContactPerson: true,
        contactPersonName: 'Clara Klang',
        contactPersonPhoneNumber: '0123 456780',
        contactPersonEmailAddress: 'musikschule@example.com',
      },
    },
    null,
  );
  if (!data) throw new Error(`Demo: the event is invalid: ${JSON.stringify(fieldErrors)}`);
  const event = em.create(Event, { id: randomUUID(), tenant, ownerUserId });
  event.setData(data);
  return event;
}

/** The coupon through the coupons domain's validation, valid from a month ago for a year. */
function seedCoupon(em: EntityManager, tenant: Tenant, ownerUserId: string, calendar: DemoCalendar): Coupon {
  const changes = couponChanges(
    {
      id: demoCouponCode,
      description: 'Willkommensrabatt für neue Vereine',
      type: 'percentage',
      discount: 10,
      maxAmount: 100,
      validFrom: calendar.at(addDays(calendar.today, -30), '00:00').getTime(),
      validTo: calendar.at(addDays(calendar.today, 365), '23:59').getTime(),
    },
    null,
  );
  return em.create(Coupon, { ...changes, code: demoCouponCode, tenant, usedAmount: 0, ownerUserId });
}

/** The seed configures the workflow only; its bookings are placed on the board as they are stored, no card is moved. */
const noCardMoves: WorkflowBookings = {
  backlogIds: () => Promise.reject(new Error('The demo seed moves no workflow card.')),
  lockBooking: () => Promise.reject(new Error('The demo seed moves no workflow card.')),
  applyWorkflowStatus: () => Promise.reject(new Error('The demo seed moves no workflow card.')),
  recordBoardMove: () => Promise.reject(new Error('The demo seed moves no workflow card.')),
};

/** The active workflow through the workflow service's save: new bookings enter "Eingang", whose staff hear of them. */
async function seedWorkflow(em: EntityManager, orm: MikroORM, tenant: Tenant, staffRole: Role): Promise<void> {
  await new WorkflowService(orm, noCardMoves).saveIn(em, tenant, {
    name: 'Buchungsbearbeitung',
    description: 'Vom Eingang über die Prüfung bis zur Freigabe und Zahlung.',
    active: true,
    defaultState: states.incoming,
    states: [
      { id: states.incoming, name: 'Eingang', actions: [{ type: 'email', receiverType: 'role', sendTo: [staffRole.id] }] },
      { id: states.review, name: 'In Prüfung', actions: [] },
      { id: states.released, name: 'Freigegeben', actions: [{ type: 'bookingStatus', bookingStatus: ['commit'] }] },
      { id: states.paid, name: 'Zahlung eingegangen', actions: [{ type: 'bookingStatus', bookingStatus: ['paid'] }] },
      { id: states.closed, name: 'Abgelehnt oder storniert', actions: [{ type: 'bookingStatus', bookingStatus: ['reject'] }] },
    ],
  }, systemChangeOrigin('job', 'Demodaten'));
}

/** One demo booking as written below: what, when, who, how paid, and where it stands now. */
interface DemoBookingLine {
  status: DemoBookingStatus;
  book: [Bookable, number][];
  times: { begin: Date | null; end: Date | null };
  customer: DemoBookingRequest['customer'];
  createdAt: Date;
  state: string;
  paymentProvider?: PaymentProvider;
  coupon?: Coupon;
}

/** The demo's bookings, oldest first (the order they are stored and placed on the board). */
function demoBookings(objects: DemoObjects, coupon: Coupon, calendar: DemoCalendar, online: PaymentProvider): DemoBookingRequest[] {
  const { venue, room, clubhouse, tables, adultTicket, reducedTicket } = objects;
  const at = (date: string, from: string, to: string) => ({ begin: calendar.at(date, from), end: calendar.at(date, to) });
  const noTime = { begin: null, end: null };
  const daysBefore = (date: Date, days: number) => new Date(date.getTime() - days * 86_400_000);
  const address = { street: 'Hauptstraße 1', zipCode: '12345', location: 'Musterstadt' };

  const heimatverein = at(calendar.past(FRI), '14:00', '20:00');
  const course = at(calendar.past(TUE), '09:00', '12:00');
  const skat = at(calendar.past(SAT, 1), '14:00', '18:00');
  const lines: DemoBookingLine[] = [
    // Over already, paid.
    {
      status: 'paid',
      book: [[venue, 1]],
      times: heimatverein,
      customer: { name: 'Karl Heimann', company: 'Heimatverein Musterstadt e. V.', mail: 'vorstand@heimatverein.example', comment: 'Jahresausstellung' },
      createdAt: daysBefore(heimatverein.begin, 21),
      state: states.paid,
    },
    {
      status: 'paid',
      book: [[room, 1]],
      times: course,
      customer: { name: 'Jana Becker', company: 'Volkshochschule Musterstadt', mail: 'kurse@vhs-musterstadt.example', comment: 'Kurs „Tabellenkalkulation für Einsteiger“' },
      createdAt: daysBefore(course.begin, 10),
      state: states.paid,
      paymentProvider: online,
    },
    {
      status: 'paid',
      book: [[clubhouse, 1]],
      times: skat,
      customer: { name: 'Dieter Krause', company: 'Skatclub Kreuz Bube', mail: 'dieter.krause@example.com', comment: 'Vereinsturnier' },
      createdAt: daysBefore(skat.begin, 14),
      state: states.paid,
    },
    // Ahead: decided ones, then those waiting; the newest is Erika Mustermann's request.
    {
      status: 'cancelled',
      book: [[venue, 1]],
      times: at(calendar.upcoming(FRI, 2), '15:00', '22:00'),
      customer: { name: 'Petra Schneider', mail: 'petra.schneider@example.com', comment: 'Goldene Hochzeit; abgesagt wegen Krankheit' },
      createdAt: calendar.hoursAgo(24 * 9),
      state: states.closed,
    },
    {
      status: 'paid',
      book: [
        [adultTicket, 2],
        [reducedTicket, 1],
      ],
      times: noTime,
      customer: { name: 'Sabine Koch', mail: 'sabine.koch@example.com' },
      createdAt: calendar.hoursAgo(24 * 8),
      state: states.paid,
      paymentProvider: online,
    },
    {
      status: 'cancelled',
      book: [[room, 1]],
      times: at(calendar.upcoming(THU, 1), '09:00', '11:00'),
      customer: { name: 'Sophie Hoffmann', mail: 'sophie.hoffmann@example.com', comment: 'Elternabend' },
      createdAt: calendar.hoursAgo(24 * 7),
      state: states.closed,
    },
    {
      status: 'cancelled',
      book: [[adultTicket, 2]],
      times: noTime,
      customer: { name: 'Klaus Neumann', mail: 'klaus.neumann@example.com' },
      createdAt: calendar.hoursAgo(24 * 6 + 5),
      state: states.closed,
    },
    {
      status: 'released',
      book: [[tables, 8]],
      times: at(calendar.upcoming(SAT, 2), '09:00', '20:00'),
      customer: { name: 'Monika Linde', mail: 'monika.linde@example.com', comment: 'Nachbarschaftsfest im Lindenweg' },
      createdAt: calendar.hoursAgo(24 * 6),
      state: states.released,
    },
    {
      status: 'rejected',
      book: [[clubhouse, 1]],
      times: at(calendar.upcoming(TUE, 2), '17:00', '19:00'),
      customer: { name: 'Helga Berger', company: 'Chor Musterstadt', mail: 'chor@example.com', comment: 'Probe' },
      createdAt: calendar.hoursAgo(24 * 5),
      state: states.closed,
    },
    {
      status: 'released',
      book: [[room, 1]],
      times: at(calendar.upcoming(MON, 1), '17:00', '19:30'),
      customer: { name: 'Martin Krüger', company: 'Bürgerinitiative Radweg', mail: 'radweg@example.com', comment: 'Offenes Treffen' },
      createdAt: calendar.hoursAgo(24 * 4),
      state: states.released,
      paymentProvider: online,
    },
    {
      status: 'rejected',
      book: [[venue, 1]],
      times: at(calendar.upcoming(FRI, 3), '18:00', '22:00'),
      customer: { name: 'Leon Wagner', company: 'Jugendclub Musterstadt', mail: 'jugendclub@example.com', comment: 'Party zum Schuljahresende' },
      createdAt: calendar.hoursAgo(24 * 3),
      state: states.closed,
    },
    {
      status: 'released',
      book: [[reducedTicket, 1]],
      times: noTime,
      customer: { name: 'Uwe Richter', mail: 'uwe.richter@example.com' },
      createdAt: calendar.hoursAgo(24 * 2 + 2),
      state: states.released,
    },
    {
      status: 'pending',
      book: [[clubhouse, 1]],
      times: at(calendar.upcoming(WED, 1), '19:00', '22:00'),
      customer: { name: 'Carmen López', company: 'Tanzgruppe Flamenco', mail: 'flamenco@example.com', comment: 'Wöchentliches Training' },
      createdAt: calendar.hoursAgo(24 * 2),
      state: states.review,
    },
    {
      status: 'pending',
      book: [[tables, 12]],
      times: at(calendar.upcoming(SAT, 1), '10:00', '18:00'),
      customer: { name: 'Thomas Brand', company: 'Freiwillige Feuerwehr Musterstadt', mail: 'feuerwehr@example.com', comment: 'Tag der offenen Tür' },
      createdAt: calendar.hoursAgo(30),
      state: states.incoming,
    },
    {
      status: 'released',
      book: [[venue, 1]],
      times: at(calendar.upcoming(FRI, 1), '18:00', '22:00'),
      customer: { name: 'Sportverein Musterstadt e. V.', company: 'Sportverein Musterstadt e. V.', mail: 'vorstand@sv-musterstadt.example', comment: 'Jahreshauptversammlung' },
      createdAt: calendar.hoursAgo(26),
      state: states.released,
    },
    {
      status: 'released',
      book: [[room, 1]],
      times: at(calendar.upcoming(WED), '14:00', '17:00'),
      customer: { name: 'Jonas Weber', company: 'Schachfreunde Musterstadt', mail: 'jonas.weber@example.com', comment: 'Schachkurs für Kinder' },
      createdAt: calendar.hoursAgo(6),
      state: states.released,
      coupon,
    },
    {
      status: 'pending',
      book: [[venue, 1]],
      times: at(calendar.upcoming(FRI), '10:00', '14:00'),
      customer: { name: 'Erika Mustermann', mail: 'erika.mustermann@example.com', comment: 'Geburtstagsfeier mit etwa 60 Gästen' },
      createdAt: calendar.hoursAgo(2),
      state: states.incoming,
    },
  ];
  return lines
    .map((line) => ({
      items: line.book.map(([bookable, amount]) => ({ bookable, amount })),
      ...line.times,
      customer: { ...address, ...line.customer },
      status: line.status,
      coupon: line.coupon ?? null,
      paymentProvider: line.paymentProvider ?? 'invoice',
      createdAt: line.createdAt,
      workflowState: line.state,
    }))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** How many bookings the demo seeds (the benchmark counts on it). */
export const demoBookingCount = 17;

/**
 * The demo tenant's offer and history, inside the seed's transaction. Bookables through the
 * bookables service (insert), the event and the coupon through their domains' validation, the
 * workflow through the workflow service (saveIn), the bookings as a checkout would store them
 * (demo-bookings.ts). `online` is the online payment of the demo's paid bookings: the built-in
 * test provider where it exists, else the invoice.
 */
export async function seedDemoContent(
  em: EntityManager,
  orm: MikroORM,
  demo: { tenant: Tenant; ownerUserId: string; staffRole: Role; now: Date; online: PaymentProvider; applicantUserIds: { club: string; choir: string } },
): Promise<void> {
  const calendar = new DemoCalendar(demo.now);
  const { objects } = await seedObjects(em, orm, demo.tenant, demo.ownerUserId, calendar);
  const coupon = seedCoupon(em, demo.tenant, demo.ownerUserId, calendar);
  await seedWorkflow(em, orm, demo.tenant, demo.staffRole);
  await em.flush();
  const requests = demoBookings(objects, coupon, calendar, demo.online);
  if (requests.length !== demoBookingCount) throw new Error(`Demo: demoBookingCount says ${demoBookingCount}, the demo has ${requests.length} bookings.`);
  for (const request of requests) await storeDemoBooking(em, demo.tenant, request);
  seedAllocationRound(em, {
    tenant: demo.tenant,
    room: objects.room,
    clubhouse: objects.clubhouse,
    clubUserId: demo.applicantUserIds.club,
    choirUserId: demo.applicantUserIds.choir,
    calendar: { now: calendar.now, today: calendar.today, upcomingMonday: (weeks) => calendar.upcoming(MON, weeks) },
  });
  await em.flush();
}
