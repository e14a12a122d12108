import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BalancerRooms, BenchRequest, MemoryReading, QueueTask, RawLookup, RushCheck, RushEvent, ScaleTenant, SeededData } from './protocol.js';

/**
 * The benchmark's server process: the built product (dist/) on the given database, plus what the
 * measuring process asks for through the very connection pool the product uses: raw SQL
 * measurements, the seed data of the booking measurements and the checks afterwards.
 */
type AppModule = typeof import('../server/src/app.js');
type ConfigModule = typeof import('../server/src/config.js');
type OrmConfigModule = typeof import('../server/src/db/mikro-orm.config.js');
type SeedModule = typeof import('../server/src/db/seed.js');
type ViewerModule = typeof import('../server/src/users/viewer.service.js');
type TenantModule = typeof import('../server/src/tenants/tenant.entity.js');
type BookableModule = typeof import('../server/src/bookables/bookable.entity.js');
type BookableServiceModule = typeof import('../server/src/bookables/bookable.service.js');
type BookingModelModule = typeof import('../server/src/bookings/booking.model.js');
type BookingQueriesModule = typeof import('../server/src/bookings/booking.queries.js');
type EventEntityModule = typeof import('../server/src/events/event.entity.js');
type EventModelModule = typeof import('../server/src/events/event.model.js');
type CouponModule = typeof import('../server/src/coupons/coupon.entity.js');

const dist = (file: string) => pathToFileURL(path.resolve('dist/server/src', file)).href;
const { createApp } = (await import(dist('app.js'))) as AppModule;
const { loadConfig } = (await import(dist('config.js'))) as ConfigModule;
const { ormConfig } = (await import(dist('db/mikro-orm.config.js'))) as OrmConfigModule;
const { seedIfEmpty } = (await import(dist('db/seed.js'))) as SeedModule;
const { VIEWER_SQL } = (await import(dist('users/viewer.service.js'))) as ViewerModule;
const { Tenant } = (await import(dist('tenants/tenant.entity.js'))) as TenantModule;
const { Bookable } = (await import(dist('bookables/bookable.entity.js'))) as BookableModule;
const { bookableRecord } = (await import(dist('bookables/bookable.service.js'))) as BookableServiceModule;
const { bookableSnapshot } = (await import(dist('bookings/booking.model.js'))) as BookingModelModule;
const { OCCUPANCY_IN_WINDOW_SQL } = (await import(dist('bookings/booking.queries.js'))) as BookingQueriesModule;
const { Event } = (await import(dist('events/event.entity.js'))) as EventEntityModule;
const { defaultEventData } = (await import(dist('events/event.model.js'))) as EventModelModule;
const { Coupon, CouponType } = (await import(dist('coupons/coupon.entity.js'))) as CouponModule;

const databaseUrl = process.env.DATABASE_URL!;
const config = loadConfig({ ...process.env, NODE_ENV: 'production', SEED_DEMO: 'true' });
const orm = await MikroORM.init(ormConfig(databaseUrl));
await orm.getMigrator().up();
await seedIfEmpty(orm, config);
const app = await createApp(config, orm, databaseUrl);
// The port run.ts chose: the browser measurements need it in PUBLIC_URL (the allowed origin).
await new Promise<void>((resolve) => app.server.listen(Number(process.env.BENCH_PORT ?? 0), '127.0.0.1', resolve));

const execute = <T extends object[] = object[]>(sql: string, params: unknown[] = []) => orm.em.getConnection().execute<T>(sql, params);

/**
 * The same 50 newest bookings with their items that the staff list shows (GraphQL `bookings`, REST
 * GET bookings?limit=50), as one plain SQL statement: every column the ORM loads, no count.
 */
const BOOKING_PAGE_SQL = `
  select b.*, i.id as item_id, i.position, i.bookable_id, i.amount, i.regular_price_eur, i.regular_gross_price_eur,
         i.user_price_eur, i.user_gross_price_eur, i.bookable_used, i.time_begin as item_time_begin, i.time_end as item_time_end
    from (select * from bookings where tenant_id = ? order by created_at desc, key desc limit 50) b
    left join booking_items i on i.booking_key = b.key
   order by b.created_at desc, b.key desc, i.position`;

/** The lookup auth/me makes or the page of the bookings list, as plain SQL, through the product's own connection pool. */
async function rawLookup(lookup: RawLookup): Promise<void> {
  if (lookup.kind === 'viewer') await execute(VIEWER_SQL, [lookup.userId]);
  else await execute(BOOKING_PAGE_SQL, [lookup.tenantId]);
}

async function measureRaw(lookup: RawLookup, connections: number, durationMs: number) {
  const latencies: number[] = [];
  const end = Date.now() + durationMs;
  const loop = async () => {
    while (Date.now() < end) {
      const start = process.hrtime.bigint();
      await rawLookup(lookup);
      latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return { latencies, durationMs };
}

const BOOKING_NUMBER_LETTERS = 'ABCDEFGHJKMNPQRSTUXY';

/**
 * A booking number "XXXX-XXXX" for a series value, as SQL: n · prime mod 20^8 written in the
 * number alphabet, so distinct values (below 20^8) give distinct, random-looking numbers.
 */
function bookingNumberSql(series: string, offset: number): string {
  const n = `((${series}::bigint + ${offset}) * 16777619 % 25600000000)`;
  const letter = (k: number) => `substr('${BOOKING_NUMBER_LETTERS}', ((${n} / ${20 ** k}) % 20)::int + 1, 1)`;
  return `(${[7, 6, 5, 4].map(letter).join(' || ')} || '-' || ${[3, 2, 1, 0].map(letter).join(' || ')})`;
}

/** Who books: the same numbered guest each time (histories), or people as a town's list shows them (the staff list and its search). */
type Customers = 'numbered' | 'varied';

const sqlArray = (values: readonly string[]) => `array[${values.map((value) => `'${value}'`).join(', ')}]`;
const FIRST_NAMES = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hannah', 'Jonas', 'Katharina', 'Lukas', 'Marie', 'Niklas', 'Olga', 'Paul', 'Sophie', 'Tim', 'Ute', 'Viktor', 'Wiebke', 'Yusuf', 'Zeynep', 'Jürgen', 'Björn', 'Sören'];
const LAST_NAMES = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Krause', 'Meier', 'Lehmann', 'Özdemir', 'Yılmaz', 'Nowak'];
const CITIES = ['Musterstadt', 'Beispielhausen', 'Neustadt', 'Altdorf', 'Bergheim'];
const STREETS = ['Hauptstraße', 'Bahnhofstraße', 'Gartenweg', 'Schulstraße', 'Lindenallee', 'Kirchplatz', 'Am Markt', 'Birkenweg'];
const PAYMENT_METHODS = ['', 'CASH', 'TRANSFER', 'PAYPAL', 'DEBIT_CARD'];

/** The customer columns of series value g, as SQL. */
function customerSql(customers: Customers) {
  if (customers === 'numbered') {
    return {
      name: `'Kundin ' || g`,
      mail: `'kundin' || g || '@example.com'`,
      company: `''`,
      phone: `''`,
      street: `'Hauptstraße ' || (g % 200 + 1)`,
      location: `'Musterstadt'`,
      paymentMethod: `''`,
      rejected: 'false',
    };
  }
  const first = `(${sqlArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}]`;
  const last = `(${sqlArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]`;
  return {
    name: `${first} || ' ' || ${last}`,
    mail: `lower(translate(${first} || '.' || ${last}, 'äöüßıÖÜÄ', 'aousiOUA')) || g || '@example.com'`,
    company: `case when g % 4 = 0 then ${last} || ' GmbH' else '' end`,
    phone: `'0' || (1000000 + g * 7919 % 9000000)`,
    street: `(${sqlArray(STREETS)})[1 + g % ${STREETS.length}] || ' ' || (g % 120 + 1)`,
    location: `(${sqlArray(CITIES)})[1 + g % ${CITIES.length}]`,
    paymentMethod: `(${sqlArray(PAYMENT_METHODS)})[1 + g % ${PAYMENT_METHODS.length}]`,
    rejected: 'g % 17 = 0',
  };
}

/**
 * `count` bookings of one hour each with one item of the bookable, one after another and ending
 * `lastEnd`, in one statement (bookings and items); created two weeks before they begin. The
 * item's snapshot is the one a checkout of the object stores.
 */
async function insertBookings(tenantId: string, bookable: InstanceType<typeof Bookable>, count: number, lastEnd: Date, numberOffset: number, customers: Customers = 'numbered'): Promise<void> {
  const number = bookingNumberSql('g', numberOffset);
  const customer = customerSql(customers);
  await execute(
    `with slots as (
       select g, ?::timestamptz - g * interval '1 hour' as t from generate_series(1, ?) g
     ), stored as (
       insert into bookings (key, tenant_id, number, time_begin, time_end, name, mail, company, phone, street, zip_code, location,
                             price_eur, vat_included_eur, is_committed, is_payed, is_rejected, payment_method, search_text, created_at, updated_at)
       select gen_random_uuid(), ?, ${number}, t, t + interval '1 hour', ${customer.name}, ${customer.mail}, ${customer.company}, ${customer.phone},
              ${customer.street}, '12345', ${customer.location}, 29.75, 4.75, g % 3 = 0, g % 3 = 0, ${customer.rejected}, ${customer.paymentMethod},
              lower(${number} || ' ' || ${customer.name} || ' ' || ${customer.mail}), t - interval '14 days', t - interval '14 days'
         from slots
       returning key, time_begin, time_end
     )
     insert into booking_items (id, booking_key, position, bookable_id, amount, regular_price_eur, regular_gross_price_eur,
                                user_price_eur, user_gross_price_eur, bookable_used, time_begin, time_end)
     select gen_random_uuid(), key, 0, ?::uuid, 1, 25, 29.75, 25, 29.75, ?::jsonb, time_begin, time_end from stored`,
    [lastEnd.toISOString(), count, tenantId, bookable.id, JSON.stringify(bookableSnapshot(bookableRecord(bookable)))],
  );
}

/** Booking history ends a day before the start (these are past bookings). */
const historyEnd = () => new Date(Math.floor((Date.now() - 86_400_000) / 3_600_000) * 3_600_000);

/** A room booked by the hour (12,50 € net, 19 % VAT, like the tests' bookable room). */
function hourlyRoom(em: ReturnType<typeof orm.em.fork>, tenant: InstanceType<typeof Tenant>, title: string, amount: number) {
  return em.create(Bookable, {
    tenant,
    type: 'room',
    title,
    ownerUserId: null,
    isBookable: true,
    isPublic: true,
    isScheduleRelated: true,
    amount,
    priceType: 'per-hour',
    priceCategories: [{ priceEur: 12.5, priceValueAddedTax: 19, interval: { start: null, end: null }, fixedPrice: false }],
  });
}

/**
 * The demo tenant's staff list: `count` bookings of three rooms by people with German names from
 * five towns, in various states and payment methods, so the search meets the variety of a real
 * list (names repeating, misspellings finding several).
 */
async function seedDemoList(count: number): Promise<InstanceType<typeof Bookable>> {
  const em = orm.em.fork();
  const demo = await em.findOneOrFail(Tenant, { name: 'Rathaus Musterstadt' });
  // The bookings screen is measured without an active workflow; the demo seeds one, the kanban measurement saves its own.
  await execute('update workflows set active = false where tenant_id = ?', [demo.id]);
  const rooms = ['Sitzungssaal', 'Trauzimmer', 'Gymnastikhalle'].map((title) => hourlyRoom(em, demo, title, 1));
  await em.flush();
  const end = historyEnd();
  const share = Math.ceil(count / rooms.length);
  for (const [index, listed] of rooms.entries()) {
    await insertBookings(demo.id, listed, Math.min(share, count - index * share), end, index * share, 'varied');
  }
  return rooms[0];
}

/**
 * The objects of the booking measurements: rooms booked by the hour in a second tenant; the
 * history of two of them (capacity 2, so a checkout of the whole measured week stays possible
 * beside its three bookings) and the demo tenant's staff list (seedDemoList), inserted with SQL;
 * then VACUUM ANALYZE, the state autovacuum leaves a table in after its history grew over years.
 */
async function seed(bookingsForList: number, pastBookingsLarge: number, bookingsInWeekEnd: Date): Promise<SeededData> {
  const em = orm.em.fork();
  const demo = await em.findOneOrFail(Tenant, { name: 'Rathaus Musterstadt' });
  const sports = em.create(Tenant, { name: 'Sportamt Musterstadt (Benchmark)' });
  const room = (title: string, amount: number) => hourlyRoom(em, sports, title, amount);
  const rooms = {
    warmup: room('Aufwärmraum', 1),
    oneSlot: room('Gymnastikraum', 1),
    oneSlotTen: room('Turnhalle (10 Felder)', 10),
    hundredSlots: room('Kraftraum', 1),
    distinctSlots: room('Tischtennisraum', 1),
    fewPast: room('Vereinsraum (10 frühere Buchungen)', 2),
    manyPast: room('Mehrzweckhalle (100.000 frühere Buchungen)', 2),
  };
  await em.flush();
  const end = historyEnd();
  await insertBookings(sports.id, rooms.fewPast, 10, end, 0);
  await insertBookings(sports.id, rooms.manyPast, pastBookingsLarge, end, 1000);
  // The measured week is not empty: three bookings of an hour in it for both objects.
  await insertBookings(sports.id, rooms.fewPast, 3, bookingsInWeekEnd, 200_000);
  await insertBookings(sports.id, rooms.manyPast, 3, bookingsInWeekEnd, 200_010);
  const list = await seedDemoList(bookingsForList);
  await execute('vacuum analyze bookings');
  await execute('vacuum analyze booking_items');
  const ids = Object.fromEntries(Object.entries({ ...rooms, list }).map(([key, bookable]) => [key, { id: bookable.id, amount: bookable.amount ?? 0 }]));
  return { demoTenantId: demo.id, sportsTenantId: sports.id, rooms: ids as SeededData['rooms'] };
}

/** The kinds of objects of the large tenants: each kind is a tenth of the objects, numbered ("Bürgersaal 7"). */
const SCALE_OBJECT_KINDS = ['Sitzungssaal', 'Trauzimmer', 'Gymnastikhalle', 'Bürgersaal', 'Vereinsraum', 'Grillplatz', 'Festzelt', 'Musikraum', 'Sporthalle', 'Beamer'];

/** The name and account of member number `u` (an SQL expression), as SQL: names as the demo list has them, "vorname.nachname{u}@example.com". */
function memberSql(u: string) {
  const first = `(${sqlArray(FIRST_NAMES)})[1 + (${u}) % ${FIRST_NAMES.length}]`;
  const last = `(${sqlArray(LAST_NAMES)})[1 + (${u}) / ${FIRST_NAMES.length} % ${LAST_NAMES.length}]`;
  return { first, last, id: `lower(translate(${first} || '.' || ${last}, 'äöüßıÖÜÄ', 'aousiOUA')) || (${u}) || '@example.com'` };
}

/**
 * A large tenant as a city's booking office has it after years: `objects` rooms (through the ORM)
 * and `users` accounts (shared with the other large tenant) as its members, who made `bookings`
 * bookings of an hour, 20 minutes apart with the newest a day ago (100,000 span almost four years),
 * each of the objects in turn (an object's bookings never overlap) and by one of the members, in
 * one INSERT … SELECT generate_series into bookings and items, with the search text the product
 * stores (searchTextOf: number, customer data, the booked title, the begin's date); `ownerId` owns
 * it. Answers the tenant and what its search may look for: a date with bookings and object titles.
 */
async function seedScale(name: string, bookings: number, objects: number, users: number, ownerId: string): Promise<ScaleTenant> {
  const em = orm.em.fork();
  const tenant = em.create(Tenant, { name });
  const titles = Array.from({ length: objects }, (_, index) => `${SCALE_OBJECT_KINDS[index % SCALE_OBJECT_KINDS.length]} ${Math.floor(index / SCALE_OBJECT_KINDS.length) + 1}`);
  const rooms = titles.map((title) => hourlyRoom(em, tenant, title, 1));
  await em.flush();
  const member = memberSql('u');
  await execute(
    `insert into users (id, first_name, last_name, city, is_verified)
     select ${member.id}, ${member.first}, ${member.last}, (${sqlArray(CITIES)})[1 + u % ${CITIES.length}], true from generate_series(0, ? - 1) u
     on conflict (id) do nothing`,
    [users],
  );
  await execute(
    `insert into tenant_memberships (id, tenant_id, user_id, is_member, is_owner)
     select gen_random_uuid(), ?, ${member.id}, true, false from generate_series(0, ? - 1) u
     union all select gen_random_uuid(), ?, ?, false, true`,
    [tenant.id, users, tenant.id, ownerId],
  );
  // The booker: each object's bookings come from many members (u does not follow from g mod objects).
  const booker = memberSql(`((g / ${objects}) * 13 + g) % ${users}`);
  const u = `(((g / ${objects}) * 13 + g) % ${users})`;
  // Numbers apart from every booking stored so far (the other seeds' offsets stay below 300,000).
  const number = bookingNumberSql('g', (await execute<{ n: number }[]>('select count(*)::int as n from bookings'))[0].n + 1_000_000);
  await execute(
    `with objects as (
       select (o.value ->> 'id')::uuid as id, o.value ->> 'title' as title, o.value -> 'snapshot' as snapshot, o.n
         from jsonb_array_elements(?::jsonb) with ordinality o(value, n)
     ), slots as materialized (
       select g, gen_random_uuid() as key, o.id as bookable_id, o.title, ?::timestamptz - g * interval '20 minutes' as t,
              ${number} as number, ${booker.first} || ' ' || ${booker.last} as name, ${booker.id} as mail,
              case when ${u} % 4 = 0 then ${booker.last} || ' GmbH' else '' end as company,
              '0' || (1000000 + ${u} * 7919 % 9000000) as phone,
              (${sqlArray(STREETS)})[1 + ${u} % ${STREETS.length}] || ' ' || (${u} % 120 + 1) as street,
              (${sqlArray(CITIES)})[1 + ${u} % ${CITIES.length}] as location
         from generate_series(1, ?) g join objects o on o.n = g % ${objects} + 1
     ), stored as (
       insert into bookings (key, tenant_id, number, time_begin, time_end, name, mail, company, phone, street, zip_code, location,
                             price_eur, vat_included_eur, is_committed, is_payed, is_rejected, payment_method, search_text, created_at, updated_at)
       select key, ?, number, t, t + interval '1 hour', name, mail, company, phone, street, '12345', location,
              29.75, 4.75, g % 3 = 0, g % 3 = 0, g % 17 = 0, (${sqlArray(PAYMENT_METHODS)})[1 + g % ${PAYMENT_METHODS.length}],
              -- lower() of a database in the C locale leaves capital umlauts as they are (Özdemir); the product lowers them.
              lower(translate(concat_ws(' ', number, name, nullif(company, ''), mail, phone, street, '12345', location, title,
                                        to_char(t at time zone 'Europe/Berlin', 'DD.MM.YYYY')), 'ÄÖÜ', 'äöü')),
              t - interval '14 days', t - interval '14 days'
         from slots
       returning key
     )
     insert into booking_items (id, booking_key, position, bookable_id, amount, regular_price_eur, regular_gross_price_eur,
                                user_price_eur, user_gross_price_eur, bookable_used, time_begin, time_end)
     select gen_random_uuid(), s.key, 0, s.bookable_id, 1, 25, 29.75, 25, 29.75, o.snapshot, s.t, s.t + interval '1 hour'
       from stored join slots s on s.key = stored.key join objects o on o.id = s.bookable_id`,
    [
      JSON.stringify(rooms.map((room) => ({ id: room.id, title: room.title, snapshot: bookableSnapshot(bookableRecord(room)) }))),
      historyEnd().toISOString(),
      bookings,
      tenant.id,
    ],
  );
  // A day a week back: about 72 bookings begin on it in either tenant.
  const [day] = await execute<{ date: string }[]>(
    `select to_char(time_begin at time zone 'Europe/Berlin', 'DD.MM.YYYY') as date from bookings where tenant_id = ? order by time_begin desc offset 504 limit 1`,
    [tenant.id],
  );
  return { tenantId: tenant.id, tenantName: name, bookings, objects: rooms.length, users, date: day.date, objectKinds: SCALE_OBJECT_KINDS };
}

/** Rooms of their own for the checkouts through the balancer beside those sent to one replica directly. */
async function balancerRooms(): Promise<BalancerRooms> {
  const em = orm.em.fork();
  const tenant = em.create(Tenant, { name: 'Schwimmamt Musterstadt (Benchmark Lastverteiler)' });
  const rooms = { warmup: hourlyRoom(em, tenant, 'Einschwimmbecken', 1), direct: hourlyRoom(em, tenant, 'Bahn 1', 1), balanced: hourlyRoom(em, tenant, 'Bahn 2', 1) };
  await em.flush();
  const ids = Object.fromEntries(Object.entries(rooms).map(([key, bookable]) => [key, { id: bookable.id, amount: bookable.amount ?? 0 }]));
  return { tenantId: tenant.id, rooms: ids as BalancerRooms['rooms'] };
}

/** The concert of the ticket rush: a tenant that mails, an event 60 days ahead, two priced tickets, a limited coupon. */
async function rushEvent(seats: number, couponUses: number): Promise<RushEvent> {
  const em = orm.em.fork();
  const tenant = em.create(Tenant, { name: 'Kulturamt Musterstadt (Benchmark Kartenverkauf)' });
  tenant.mail = 'kultur@example.com';
  const day = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const event = em.create(Event, { tenant, ownerUserId: null });
  const base = defaultEventData();
  event.setData({
    ...base,
    isPublic: true,
    information: { ...base.information, name: 'Sommerkonzert', startDate: day, startTime: '19:00', endDate: day, endTime: '22:00' },
    attendees: { ...base.attendees, needsRegistration: true, maxAttendees: seats },
  });
  const ticket = (title: string, priceEur: number) =>
    em.create(Bookable, {
      tenant,
      type: 'ticket',
      title,
      eventId: event.id,
      ownerUserId: null,
      isBookable: true,
      isPublic: true,
      autoCommitBooking: true,
      amount: null,
      priceType: 'per-item',
      priceCategories: [{ priceEur, priceValueAddedTax: 7, interval: { start: null, end: null }, fixedPrice: false }],
    });
  const tickets = [ticket('Parkett', 39), ticket('Rang', 25)];
  em.create(Coupon, { tenant, code: 'KONZERT10', type: CouponType.percentage, discount: 10, maxAmount: couponUses });
  await em.flush();
  return { tenantId: tenant.id, eventId: event.id, ticketIds: tickets.map((entry) => entry.id), couponCode: 'KONZERT10' };
}

/** What the rush left in PostgreSQL: seats and bookings of the event, buyers with two bookings, coupon uses. */
async function rushCheck(tenantId: string, eventId: string, couponCode: string): Promise<RushCheck> {
  const [row] = await execute<{ seats: number; bookings: number; doubled: number; coupon_used: number }[]>(
    `select (select coalesce(sum(i.amount), 0) from booking_items i join bookings b on b.key = i.booking_key join bookables t on t.id = i.bookable_id
              where t.event_id = ? and not b.is_rejected)::int as seats,
            (select count(distinct b.key) from booking_items i join bookings b on b.key = i.booking_key join bookables t on t.id = i.bookable_id
              where t.event_id = ? and not b.is_rejected)::int as bookings,
            (select count(*) from (select b.mail from bookings b where b.tenant_id = ? group by b.mail having count(*) > 1) twice)::int as doubled,
            (select used_amount from coupons where tenant_id = ? and code = ?)::int as coupon_used`,
    [eventId, eventId, tenantId, tenantId, couponCode],
  );
  return { seats: row.seats, bookings: row.bookings, buyersWithTwoBookings: row.doubled, couponUsed: row.coupon_used };
}

/** The jobs still in the queue, by task, with the retried ones and one of their last errors. */
async function queueTasks(): Promise<QueueTask[]> {
  const rows = await execute<{ task: string; left: number; retried: number; error: string | null }[]>(
    `select t.identifier as task, count(*)::int as left, count(*) filter (where j.attempts > 0)::int as retried, max(left(j.last_error, 160)) as error
       from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      group by t.identifier order by 2 desc`,
  );
  return rows;
}

/**
 * What the SQL check says about one object: stored bookings (non-rejected items), units booked
 * beyond its capacity at the start of any booked window (0 = not overbooked), and how long storing
 * them took (first to last creation).
 */
async function occupancyCheck(bookableId: string, capacity: number) {
  const [row] = await execute<{ stored: number; oversold: number; span_s: number | null }[]>(
    `select (select count(*) from booking_items i join bookings b on b.key = i.booking_key where i.bookable_id = ? and not b.is_rejected)::int as stored,
            (select coalesce(sum(greatest(0, used - ?)), 0) from (
               select p.t, sum(i.amount) as used
                 from (select distinct time_begin as t from booking_items where bookable_id = ?) p
                 join booking_items i on i.bookable_id = ? and tstzrange(i.time_begin, i.time_end, '[)') @> p.t
                 join bookings b on b.key = i.booking_key and not b.is_rejected
                group by p.t) windows)::int as oversold,
            (select extract(epoch from max(b.created_at) - min(b.created_at)) from booking_items i join bookings b on b.key = i.booking_key where i.bookable_id = ?)::float as span_s`,
    [bookableId, capacity, bookableId, bookableId, bookableId],
  );
  return { stored: row.stored, oversold: row.oversold, spanS: row.span_s ?? 0 };
}

/** The plan PostgreSQL picks for the occupancy read of checkout and availability (readOccupancies). */
async function occupancyPlan(bookableId: string, begin: string, end: string): Promise<string> {
  const rows = await execute<{ 'QUERY PLAN': string }[]>(
    `explain (analyze, timing off, summary off) ${OCCUPANCY_IN_WINDOW_SQL}`,
    [`{${bookableId}}`, begin, end, null],
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** Resident memory of every process below this one (the Chromium of the PDF renderer), from /proc. */
function descendantsRss(): { rss: number; processes: number } {
  const parents = new Map<number, number>();
  const rssOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The fields after the command name (which may hold spaces) in parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      rssOf.set(Number(entry), Number(fields[21]) * 4096);
    } catch {
      // The process ended meanwhile.
    }
  }
  const below = (pid: number): boolean => {
    for (let current = parents.get(pid), hops = 0; current !== undefined && current > 1 && hops < 64; current = parents.get(current), hops++) {
      if (current === process.pid) return true;
    }
    return false;
  };
  let rss = 0;
  let processes = 0;
  for (const [pid, bytes] of rssOf) {
    if (!below(pid)) continue;
    rss += bytes;
    processes += 1;
  }
  return { rss, processes };
}

function memory(): MemoryReading {
  const usage = process.memoryUsage();
  const browser = descendantsRss();
  return { rss: usage.rss, heapUsed: usage.heapUsed, browserRss: browser.rss, browserProcesses: browser.processes, rendered: app.services.receipts.renderedDocuments() };
}

async function answer(message: BenchRequest): Promise<unknown> {
  switch (message.type) {
    case 'raw':
      return measureRaw(message.lookup, message.connections, message.durationMs);
    case 'seed':
      return seed(message.bookingsForList, message.pastBookingsLarge, new Date(message.bookingsInWeekEnd));
    case 'seedScale': {
      const tenant = await seedScale(message.name, message.bookings, message.objects, message.users, message.ownerId);
      await execute('vacuum analyze bookings');
      await execute('vacuum analyze booking_items');
      await execute('vacuum analyze users');
      await execute('vacuum analyze tenant_memberships');
      return tenant;
    }
    case 'seedList': {
      const list = await seedDemoList(message.bookings);
      await execute('vacuum analyze bookings');
      await execute('vacuum analyze booking_items');
      return { demoTenantId: list.tenant.id };
    }
    case 'check':
      return occupancyCheck(message.bookableId, message.capacity);
    case 'seedBoard': {
      const cards = Array.isArray(message.cards)
        ? message.cards
        : (
            await execute<{ number: string }[]>('select number from bookings where tenant_id = ? order by created_at desc, key desc limit ?', [
              message.tenantId,
              message.cards.newestBookings,
            ])
          ).map((row) => row.number);
      await execute('delete from workflow_tasks where tenant_id = ?', [message.tenantId]);
      await execute(
        `insert into workflow_tasks (tenant_id, task_id, state_id, position, entered_at)
           select ?, card, (?::text[])[(ordinality - 1) % ? + 1], ((ordinality - 1) / ?)::int, now() - ((ordinality - 1) % 6) * interval '1 day'
             from unnest(?::text[]) with ordinality card`,
        [message.tenantId, `{${message.states.join(',')}}`, message.states.length, message.states.length, `{${cards.join(',')}}`],
      );
      return cards;
    }
    case 'plan':
      return occupancyPlan(message.bookableId, message.begin, message.end);
    case 'receiptBookings': {
      const demo = await orm.em.fork().findOneOrFail(Tenant, { name: 'Rathaus Musterstadt' });
      const rows = await execute<{ number: string }[]>('select number from bookings where tenant_id = ? order by created_at desc limit ?', [demo.id, message.count]);
      return { tenantId: demo.id, numbers: rows.map((row) => row.number) };
    }
    case 'balancerRooms':
      return balancerRooms();
    case 'rushEvent':
      return rushEvent(message.seats, message.couponUses);
    case 'rushCheck':
      return rushCheck(message.tenantId, message.eventId, message.couponCode);
    case 'queue':
      return queueTasks();
    case 'memory':
      return memory();
  }
}

process.on('message', (message: BenchRequest | { type: 'stop' }) => {
  if (message.type === 'stop') {
    void app
      .close()
      .then(() => orm.close(true))
      .then(() => process.exit(0));
    return;
  }
  void answer(message).then(
    (result) => process.send!({ type: message.type, result }),
    (error: unknown) => process.send!({ type: message.type, error: String((error as Error)?.stack ?? error) }),
  );
});
process.send!({ type: 'ready', port: (app.server.address() as AddressInfo).port, staff: 'mitarbeiter@example.com' });
