import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Bookable } from '../bookables/bookable.entity.js';
import { bookableRecord } from '../bookables/bookable.service.js';
import { Booking } from '../bookings/booking.entity.js';
import { bookableSnapshot } from '../bookings/booking.model.js';
import { newBookingNumber } from '../bookings/booking-number.js';
import { searchTextOf, setItems } from '../bookings/booking.queries.js';
import { bookedMinutes, bookingTotals, priceItem } from '../bookings/checkout/checkout.rules.js';
import { addDays, berlinInstant, berlinToday } from '../../../common/time/berlin.js';
import { applicationTitles } from '../../../common/tenants/tenant.validation.js';
import type { AppConfig } from '../config.js';
import { Instance } from '../instance/instance.entity.js';
import { seededTestPaymentApplication } from '../payments/payment-applications.js';
import { Role } from '../roles/role.entity.js';
import { accessFlags, type AccessFlags } from '../../../common/permissions/model.js';
import { TenantMembership } from '../tenants/membership.entity.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { hashPassword } from '../users/auth.service.js';
import { AuthType, User } from '../users/user.entity.js';

export const demoLogins = {
  tenantOwner: { id: 'inhaberin@example.com', password: 'demo-inhaberin' },
  staff: { id: 'mitarbeiter@example.com', password: 'demo-mitarbeiter' },
};

const all = (): AccessFlags => Object.fromEntries(accessFlags.map((flag) => [flag, true]));
const readOnly = (): AccessFlags => ({ readAny: true, readOwn: true });

/**
 * On an empty database: the instance with its owner (ADMIN_EMAIL / ADMIN_PASSWORD), and, unless
 * SEED_DEMO=false, a demo tenant with an owner and a staff member holding a role. Returns whether
 * anything was seeded; a database that already has the instance is left alone.
 */
export async function seedIfEmpty(orm: MikroORM, config: AppConfig): Promise<boolean> {
  return orm.em.fork().transactional(async (em) => {
    if (await em.findOne(Instance, { id: 1 })) return false;
    const verifiedUser = async (id: string, password: string, firstName: string, lastName: string) =>
      em.create(User, { id, passwordHash: await hashPassword(password), firstName, lastName, isVerified: true, authType: AuthType.local });

    await verifiedUser(config.adminEmail, config.adminPassword, 'Instanz', 'Administrator');
    em.create(Instance, {
      id: 1,
      ownerUserIds: [config.adminEmail],
      mailAddress: config.adminEmail,
      contactAddress: 'Rathausplatz 1, 12345 Musterstadt',
      contactUrl: 'https://www.musterstadt.de',
    });
    if (!config.seedDemo) return true;

    const owner = await verifiedUser(demoLogins.tenantOwner.id, demoLogins.tenantOwner.password, 'Ines', 'Inhaberin');
    const staff = await verifiedUser(demoLogins.staff.id, demoLogins.staff.password, 'Max', 'Mitarbeiter');
    const tenant = em.create(Tenant, {
      name: 'Rathaus Musterstadt',
      contactName: 'Ines Inhaberin',
      location: 'Rathausplatz 1, 12345 Musterstadt',
      mail: 'rathaus@example.com',
      phone: '0123 456789',
      website: 'https://www.musterstadt.de',
      // Payment works in the demo without a provider contract: the built-in test provider (never in
      // production) and the invoice.
      applications: [
        ...(config.payments.testProvider ? [seededTestPaymentApplication()] : []),
        { id: 'invoice', type: 'payment', title: applicationTitles.invoice, active: true, bank: 'Sparkasse Musterstadt', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', accountHolder: 'Stadt Musterstadt', paymentPurposeSuffix: '', daysUntilPaymentDue: 14 },
      ],
    });
    const role = em.create(Role, {
      tenant,
      name: 'Buchungsbearbeitung',
      adminInterfaces: ['bookings', 'coupons', 'rooms', 'locations', 'resources', 'tickets', 'events'],
      manageBookings: all(),
      manageCoupons: all(),
      manageBookables: readOnly(),
    });
    em.create(TenantMembership, { tenant, user: owner, isMember: true, isOwner: true });
    const membership = em.create(TenantMembership, { tenant, user: staff, isMember: true, isOwner: false });
    membership.roles.add(role);
    const venue = seedDemoBookables(em, tenant, owner.id);
    seedDemoBookings(em, tenant, venue, new Date());
    return true;
  });
}

/** A venue and a resource, so the demo's lists have something to show (rooms stay empty to create one). Returns the venue. */
function seedDemoBookables(em: EntityManager, tenant: Tenant, ownerUserId: string): Bookable {
  const weekdays = (startTime: string, endTime: string) => [{ weekdays: [1, 2, 3, 4, 5], startTime, endTime }];
  const venue = em.create(Bookable, {
    tenant,
    type: 'event-location',
    title: 'Bürgerhaus Musterstadt',
    description: '<p>Großer Saal mit Bühne, Küche und Platz für bis zu 200 Gäste.</p>',
    location: 'Marktstraße 5, 12345 Musterstadt',
    tags: ['Saal', 'Bühne'],
    priceType: 'per-day',
    priceValueAddedTax: 19,
    amount: 1,
    priceCategories: [{ priceEur: 350, priceValueAddedTax: 19, interval: { start: null, end: null }, fixedPrice: false }],
    isBookable: true,
    isPublic: true,
    isScheduleRelated: true,
    isOpeningHoursRelated: true,
    openingHours: weekdays('08:00', '22:00'),
    ownerUserId,
  });
  em.create(Bookable, {
    tenant,
    type: 'resource',
    title: 'Beamer',
    description: '<p>Full-HD-Beamer mit HDMI-Kabel, zum Ausleihen im Bürgerbüro.</p>',
    tags: ['Technik'],
    priceType: 'per-item',
    amount: 2,
    priceCategories: [{ priceEur: 0, priceValueAddedTax: 0, interval: { start: null, end: null }, fixedPrice: false }],
    isBookable: true,
    isPublic: true,
    autoCommitBooking: true,
    ownerUserId,
  });
  return venue;
}

/**
 * Two bookings of the venue in the coming days, one waiting for release and one released, so the
 * bookings of the demo are not empty, priced as a checkout would price them.
 */
function seedDemoBookings(em: EntityManager, tenant: Tenant, venue: Bookable, now: Date): void {
  const record = bookableRecord(venue);
  const snapshot = bookableSnapshot(record);
  const demo = [
    { name: 'Erika Mustermann', mail: 'erika.mustermann@example.com', company: '', day: 3, from: '10:00', to: '14:00', committed: false, comment: 'Geburtstagsfeier mit etwa 60 Gästen' },
    { name: 'Sportverein Musterstadt e. V.', mail: 'vorstand@sv-musterstadt.example', company: 'Sportverein Musterstadt e. V.', day: 9, from: '18:00', to: '22:00', committed: true, comment: 'Jahreshauptversammlung' },
  ];
  for (const entry of demo) {
    const date = addDays(berlinToday(now), entry.day);
    const begin = berlinInstant(date, entry.from);
    const end = berlinInstant(date, entry.to);
    const priced = priceItem(record, 1, { minutes: bookedMinutes(begin, end), free: false, coupon: null });
    if (!priced) throw new Error('The demo venue has a price for every duration.');
    const totals = bookingTotals([priced]);
    const booking = em.create(Booking, {
      tenant,
      number: newBookingNumber(),
      timeBegin: begin,
      timeEnd: end,
      name: entry.name,
      company: entry.company,
      mail: entry.mail,
      street: 'Hauptstraße 1',
      zipCode: '12345',
      location: 'Musterstadt',
      comment: entry.comment,
      priceEur: totals.priceEur,
      vatIncludedEur: totals.vatIncludedEur,
      isCommitted: entry.committed,
      paymentProvider: 'invoice',
    });
    setItems(em, booking, [{ ...priced, bookableUsed: snapshot }]);
    booking.searchText = searchTextOf(booking, [venue.title]);
  }
}
