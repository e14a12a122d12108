import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { accessFlags, type AccessFlags } from '../../../common/permissions/model.js';
import { tenantFieldErrors } from '../../../common/tenants/tenant.validation.js';
import type { AppConfig } from '../config.js';
import { Instance } from '../instance/instance.entity.js';
import { paymentApplicationDefinitions, testPaymentApplicationDefinition } from '../payments/payment-applications.js';
import { Role } from '../tenants/role.entity.js';
import { defaultGenericMailTemplate, defaultReceiptTemplate } from '../tenants/default-templates.js';
import { TenantMembership } from '../tenants/membership.entity.js';
import { lockerApplicationDefinitions, mergeApplications } from '../tenants/tenant-applications.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { hashPassword } from '../users/auth.service.js';
import { AuthType, User } from '../users/user.entity.js';
import { seedDemoContent } from './demo-content.js';

export { demoAllocation } from './demo-allocation.js';
export { demoBookingCount, demoCouponCode, demoTitles } from './demo-content.js';

export const demoLogins = {
  tenantOwner: { id: 'inhaberin@example.com', password: 'demo-inhaberin' },
  staff: { id: 'mitarbeiter@example.com', password: 'demo-mitarbeiter' },
  /** The applicants of the demo's allocation round: they read and change their applications on /vergabe/{tenantId}. */
  sportsClub: { id: 'sportverein@example.com', password: 'demo-sportverein' },
  choir: { id: 'chor@example.com', password: 'demo-chor' },
};

export const demoTenantName = 'Rathaus Musterstadt';

const all = (): AccessFlags => Object.fromEntries(accessFlags.map((flag) => [flag, true]));
const readOnly = (): AccessFlags => ({ readAny: true, readOwn: true });

/**
 * On an empty database: the instance with its owner (ADMIN_EMAIL / ADMIN_PASSWORD), and, unless
 * SEED_DEMO=false, the demo tenant with its owner, a staff member holding a role, and everything a
 * visitor needs to book at once (demo-content.ts). Returns whether anything was seeded.
 *
 * The instance row decides: a database that has it is left alone, so a restart never adds a
 * second demo. Everything is written in one transaction (a failed seed leaves nothing behind and
 * the next start tries again), under a lock, so two processes starting on the same empty database
 * seed it once.
 */
export async function seedIfEmpty(orm: MikroORM, config: AppConfig, now = new Date()): Promise<boolean> {
  return orm.em.fork().transactional(async (em) => {
    await em.execute('select pg_advisory_xact_lock(hashtext(?))', ['seed-if-empty']);
    if (await em.findOne(Instance, { id: 1 })) return false;
    await verifiedUser(em, config.adminEmail, config.adminPassword, 'Instanz', 'Administrator');
    em.create(Instance, {
      id: 1,
      ownerUserIds: [config.adminEmail],
      mailAddress: config.adminEmail,
      contactAddress: 'Rathausplatz 1, 12345 Musterstadt',
      contactUrl: 'https://www.musterstadt.de',
    });
    if (!config.seedDemo) return true;
    await seedDemoTenant(em, orm, config, now);
    return true;
  });
}

/** The demo tenant's id, when the database has the demo (the start message links its public pages). */
export async function demoTenantId(orm: MikroORM): Promise<string | null> {
  const tenant = await orm.em.fork().findOne(Tenant, { name: demoTenantName }, { fields: ['id'] });
  return tenant?.id ?? null;
}

async function verifiedUser(em: EntityManager, id: string, password: string, firstName: string, lastName: string): Promise<User> {
  return em.create(User, { id, passwordHash: await hashPassword(password), firstName, lastName, isVerified: true, authType: AuthType.local });
}

/**
 * The demo tenant as the tenant screen would store it (the bundled templates, the checked fields,
 * the payment applications merged by their definitions), its people, and then its content.
 */
async function seedDemoTenant(em: EntityManager, orm: MikroORM, config: AppConfig, now: Date): Promise<void> {
  const owner = await verifiedUser(em, demoLogins.tenantOwner.id, demoLogins.tenantOwner.password, 'Ines', 'Inhaberin');
  const staff = await verifiedUser(em, demoLogins.staff.id, demoLogins.staff.password, 'Max', 'Mitarbeiter');
  const sportsClub = await verifiedUser(em, demoLogins.sportsClub.id, demoLogins.sportsClub.password, 'Sven', 'Sportwart');
  const choir = await verifiedUser(em, demoLogins.choir.id, demoLogins.choir.password, 'Clara', 'Chorleiterin');
  const testProvider = config.payments.testProvider;
  const tenant = em.create(Tenant, {
    name: demoTenantName,
    contactName: 'Ines Inhaberin',
    location: 'Rathausplatz 1, 12345 Musterstadt',
    mail: 'rathaus@example.com',
    phone: '0123 456789',
    website: 'https://www.musterstadt.de',
    genericMailTemplate: defaultGenericMailTemplate,
    receiptTemplate: defaultReceiptTemplate,
    // Customers look up their booking themselves (the link in every booking mail).
    enablePublicStatusView: true,
    // A series booked with "Feiertage und Schulferien auslassen" skips the holidays of this Bundesland.
    holidayRegion: 'DE-NW',
    // Payment works in the demo without a provider contract: the built-in test provider (never in
    // production; its secret is generated as on a first save) and the invoice. Lockers likewise:
    // pareva without a server URL, which outside production is the built-in stand-in.
    applications: mergeApplications([...(testProvider ? [...paymentApplicationDefinitions, testPaymentApplicationDefinition] : paymentApplicationDefinitions), ...lockerApplicationDefinitions], [], [
      ...(testProvider ? [{ id: 'testPayment', active: true }, { id: 'pareva', active: true, lockerId: 'BUERGERBUERO' }] : []),
      { id: 'invoice', active: true, bank: 'Sparkasse Musterstadt', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', accountHolder: 'Stadt Musterstadt', paymentPurposeSuffix: '', daysUntilPaymentDue: 14 },
    ]),
  });
  const fieldErrors = tenantFieldErrors(tenant);
  if (Object.keys(fieldErrors).length > 0) throw new Error(`Demo: the tenant is invalid: ${JSON.stringify(fieldErrors)}`);
  const staffRole = em.create(Role, {
    tenant,
    name: 'Buchungsbearbeitung',
    adminInterfaces: ['bookings', 'coupons', 'rooms', 'locations', 'resources', 'tickets', 'events'],
    manageBookings: all(),
    manageCoupons: all(),
    manageBookables: readOnly(),
  });
  em.create(TenantMembership, { tenant, user: owner, isMember: true, isOwner: true });
  const membership = em.create(TenantMembership, { tenant, user: staff, isMember: true, isOwner: false });
  membership.roles.add(staffRole);
  await em.flush();
  await seedDemoContent(em, orm, { tenant, ownerUserId: owner.id, staffRole, now, online: testProvider ? 'testPayment' : 'invoice', applicantUserIds: { club: sportsClub.id, choir: choir.id } });
}
