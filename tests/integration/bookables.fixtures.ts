import { Bookable } from '../../server/src/bookables/bookable.entity.js';
import { Instance } from '../../server/src/instance/instance.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import type { InProcessApp } from '../support/app.js';

/**
 * Shared by the bookables integration tests: rows written straight through the ORM (someone
 * else's objects), the stored row, the instance quota and the GraphQL documents.
 */
export type BookableRow = Partial<Omit<Bookable, 'tenant' | 'parent'>>;

let counter = 0;

/** A bookable of a tenant created by someone (default owner: nobody in particular). */
export async function storeBookable(app: Pick<InProcessApp, 'orm'>, tenantId: string, data: BookableRow = {}): Promise<Bookable> {
  const em = app.orm.em.fork();
  const bookable = em.create(Bookable, {
    tenant: em.getReference(Tenant, tenantId),
    type: 'room',
    title: `Fremder Raum ${++counter}`,
    ownerUserId: null,
    ...data,
  });
  await em.flush();
  return bookable;
}

export const storedBookable = (app: InProcessApp, id: string) => app.orm.em.fork().findOne(Bookable, { id });

export const bookablesOf = (app: InProcessApp, tenantId: string) => app.orm.em.fork().find(Bookable, { tenant: tenantId }, { orderBy: { createdAt: 'asc', id: 'asc' } });

/** The instance's public-bookable quota (null: unlimited). */
export async function setBookableQuota(app: InProcessApp, max: number | null): Promise<void> {
  const em = app.orm.em.fork();
  const instance = await em.findOneOrFail(Instance, { id: 1 });
  instance.maxBookables = max;
  await em.flush();
}

/** Mon 2026-03-02 to Sun 2026-03-08 (Europe/Berlin, winter time: UTC+1). */
export const week = { start: '2026-03-02', end: '2026-03-08' };

export const STAFF_FIELDS = `id tenantId type title description ownerUserId isPublic isBookable tags amount relatedBookableIds
  checkoutBookableIds { bookableId mandatory } permittedUsers permittedRoles freeBookingUsers freeBookingRoles
  lockerDetails { active units { lockerSystem id amount } }
  priceCategories { priceEur priceValueAddedTax interval { start end } fixedPrice }
  attachments { id title caption type url show required }
  minBookingDuration maxBookingDuration isScheduleRelated isTimePeriodRelated isLongRange longRangeOptions { type } allowSeries
  specialOpeningHours { date startTime endTime } bookingNotes parent`;

export const PUBLIC_FIELDS = 'id tenantId type title isPublic tags allowSeries';

export const gql = {
  list: `query($tenantId: ID!, $type: BookableType, $tags: [String!]) { bookables(tenantId: $tenantId, type: $type, tags: $tags) { ${STAFF_FIELDS} } }`,
  get: `query($tenantId: ID!, $id: ID!) { bookable(tenantId: $tenantId, id: $id) { ${STAFF_FIELDS} } }`,
  related: `query($tenantId: ID!, $id: ID!) { relatedBookables(tenantId: $tenantId, id: $id) { id } }`,
  publicList: `query($tenantId: ID!, $type: BookableType, $tags: [String!]) { publicBookables(tenantId: $tenantId, type: $type, tags: $tags) { ${PUBLIC_FIELDS} } }`,
  publicGet: `query($tenantId: ID!, $id: ID!) { publicBookable(tenantId: $tenantId, id: $id) { ${PUBLIC_FIELDS} } }`,
  tags: 'query($tenantId: ID!) { bookableTags(tenantId: $tenantId) }',
  quota: 'query($tenantId: ID!) { bookablePublicQuotaAvailable(tenantId: $tenantId) }',
  pickers: 'query($tenantId: ID!) { bookablePickerOptions(tenantId: $tenantId) { users { id firstName lastName } roles { id name } } }',
  openingHours: `query($tenantId: ID!, $id: ID!) { bookableOpeningHours(tenantId: $tenantId, id: $id) {
    regularOpeningHours { weekdays startTime endTime } specialOpeningHours { date startTime endTime } } }`,
  availability: `query($tenantId: ID!, $id: ID!, $startDate: String, $endDate: String, $amount: Int) {
    bookableAvailability(tenantId: $tenantId, id: $id, startDate: $startDate, endDate: $endDate, amount: $amount) { timeBegin timeEnd available } }`,
  create: `mutation($tenantId: ID!, $input: BookableInput!) { createBookable(tenantId: $tenantId, input: $input) { ${STAFF_FIELDS} } }`,
  update: `mutation($tenantId: ID!, $id: ID!, $input: BookableInput!) { updateBookable(tenantId: $tenantId, id: $id, input: $input) { ${STAFF_FIELDS} } }`,
  duplicate: `mutation($tenantId: ID!, $id: ID!) { duplicateBookable(tenantId: $tenantId, id: $id) { ${STAFF_FIELDS} } }`,
  remove: 'mutation($tenantId: ID!, $id: ID!) { deleteBookable(tenantId: $tenantId, id: $id) }',
};

/** A GraphQL staff bookable as the tests read it. */
export interface GqlBookable {
  id: string;
  title: string;
  ownerUserId: string | null;
  [field: string]: unknown;
}
