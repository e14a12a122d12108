import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Instance } from '../instance/instance.entity.js';
import { AppError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import type { Action } from '../../../common/permissions/model.js';
import { can, canEditBookables, canReadSome, hasFlag, isTenantMember } from '../../../common/permissions/permissions.js';
import { Role } from '../tenants/role.entity.js';
import { TenantMembership } from '../tenants/membership.entity.js';
import { Tenant } from '../tenants/tenant.entity.js';
import type { Viewer } from '../users/viewer.service.js';
import { Bookable } from './bookable.entity.js';
import { policyOrDefault } from '../../../common/bookables/cancellation-policy.js';
import { referenceErrors } from './bookable.hierarchy.js';
import { privateBookableFields, type BookableData, type BookableRecord, type BookableType } from './bookable.model.js';
import { singlePriceOf, type SinglePrice } from './bookable.single-price.js';
import { validateBookable } from './bookable.validation.js';
import { WHOLE_LIST_CAP, type Paging } from '../../../common/validation/paging.js';
import { searchTerms } from '../../../common/validation/search.js';
import type { PageInfo } from '../shared/keyset.js';
import { USER_SEARCH_TEXT } from '../users/user-list.queries.js';
import { containsPattern } from '../shared/sql.js';
import { readBookableIdPage, type BookableScope } from './bookable-list.queries.js';

/** A stored bookable as plain data (REST answer, GraphQL object, input of the rules). */
export function bookableRecord(bookable: Bookable): BookableRecord {
  return {
    id: bookable.id,
    tenantId: bookable.tenant.id,
    type: bookable.type,
    title: bookable.title,
    description: bookable.description,
    location: bookable.location,
    imgUrl: bookable.imgUrl,
    tags: bookable.tags,
    flags: bookable.flags,
    parent: bookable.parent?.id ?? null,
    eventId: bookable.eventId ?? null,
    priceType: bookable.priceType,
    priceValueAddedTax: bookable.priceValueAddedTax,
    amount: bookable.amount ?? null,
    priceCategories: bookable.priceCategories,
    autoCommitBooking: bookable.autoCommitBooking,
    isBookable: bookable.isBookable,
    isPublic: bookable.isPublic,
    isScheduleRelated: bookable.isScheduleRelated,
    minBookingDuration: bookable.minBookingDuration ?? null,
    maxBookingDuration: bookable.maxBookingDuration ?? null,
    isTimePeriodRelated: bookable.isTimePeriodRelated,
    timePeriods: bookable.timePeriods,
    isOpeningHoursRelated: bookable.isOpeningHoursRelated,
    allowSeries: bookable.allowSeries,
    openingHours: bookable.openingHours,
    isSpecialOpeningHoursRelated: bookable.isSpecialOpeningHoursRelated,
    specialOpeningHours: bookable.specialOpeningHours,
    isLongRange: bookable.isLongRange,
    longRangeOptions: bookable.longRangeOptions ?? null,
    lockerDetails: bookable.lockerDetails,
    attachments: bookable.attachments,
    permittedUsers: bookable.permittedUsers,
    permittedRoles: bookable.permittedRoles,
    freeBookingUsers: bookable.freeBookingUsers,
    freeBookingRoles: bookable.freeBookingRoles,
    relatedBookableIds: bookable.relatedBookableIds,
    checkoutBookableIds: bookable.checkoutBookableIds,
    requiredFields: bookable.requiredFields,
    bookingNotes: bookable.bookingNotes,
    cancellationPolicy: policyOrDefault(bookable.cancellationPolicy),
    ownerUserId: bookable.ownerUserId ?? null,
  };
}

/** A bookable as the public sees it: the record without the staff-only fields. */
export function publicBookableRecord(bookable: Bookable): PublicBookableRecord {
  const record: Partial<BookableRecord> = { ...bookableRecord(bookable) };
  for (const field of privateBookableFields) delete record[field];
  return record as PublicBookableRecord;
}

type PublicBookableRecord = Omit<BookableRecord, (typeof privateBookableFields)[number]>;

/**
 * A bookable as REST shows it: the record, plus the original product's `priceEur` and
 * `priceCategory` while the price fits that shape (clients written for the original read them).
 */
export function restBookableRecord(bookable: Bookable): BookableRecord & Partial<SinglePrice> {
  const record = bookableRecord(bookable);
  return { ...record, ...singlePriceOf(record) };
}

export function publicRestBookableRecord(bookable: Bookable): PublicBookableRecord & Partial<SinglePrice> {
  return { ...publicBookableRecord(bookable), ...singlePriceOf(bookableRecord(bookable)) };
}

export interface BookableFilter {
  type?: BookableType | null;
  /** Items carrying any of these tags. */
  tags?: string[] | null;
}

/** A page of a bookables list: the filter, the search, the order and the page. */
export interface BookablePageRequest extends BookableFilter {
  search?: string | null;
  /** Only these objects (the titles of a picker's chosen ones). */
  ids?: readonly string[] | null;
  /** Only public (true) or only non-public (false) objects (a public calendar feed's object). */
  isPublic?: boolean | null;
  /** Newest first instead of creation order (the resources' and tickets' lists). */
  newestFirst?: boolean;
  paging: Paging;
}

/** One page of a bookables list: the objects, how many match in all, and where the next page starts. */
export interface BookablePage {
  bookables: Bookable[];
  totalCount: number;
  pageInfo: PageInfo;
}

/** How many of the tenant's people the editor's pickers get per answer: they search on the server for others. */
export const PICKER_USERS_LIMIT = 50;

/** A person of the editor's pickers. */
export interface PickerUser {
  id: string;
  firstName: string;
  lastName: string;
}

const allowed = (viewer: Viewer, action: Action, bookable: Bookable) =>
  can(viewer.permissions, viewer.user.id, action, 'manageBookables', { tenantId: bookable.tenant.id, ownerUserId: bookable.ownerUserId });

/** The viewer's role ids in a tenant (visibility and free-booking lists name roles). */
export async function roleIdsOf(em: EntityManager, userId: string | null | undefined, tenantId: string): Promise<string[]> {
  if (!userId) return [];
  const membership = await em.findOne(TenantMembership, { tenant: tenantId, user: userId }, { populate: ['roles'] });
  return membership ? membership.roles.getItems().map((role) => role.id) : [];
}

/**
 * Who sees a bookable outside the administration (docs/bookables-and-files.md, “Visibility”): only
 * public objects; without a visibility list everyone, with one the named users and the
 * members holding a named role. isPublic stays the one switch, so the public quota counts every
 * object anyone outside the staff can see.
 */
export function isVisibleTo(bookable: Pick<BookableData, 'isPublic' | 'permittedUsers' | 'permittedRoles'>, userId: string | null, roleIds: readonly string[]): boolean {
  if (!bookable.isPublic) return false;
  if (bookable.permittedUsers.length === 0 && bookable.permittedRoles.length === 0) return true;
  return (userId !== null && bookable.permittedUsers.includes(userId)) || bookable.permittedRoles.some((role) => roleIds.includes(role));
}

/**
 * Bookable objects of a tenant: the staff's list and editor (manageBookables with ALLOW, ownership by
 * ownerUserId), the public list and item, tags, the public quota, duplicate and delete.
 */
export class BookableService {
  constructor(private readonly orm: MikroORM) {}

  async list(viewer: Viewer, tenantId: string, filter: BookableFilter = {}): Promise<Bookable[]> {
    if (!isTenantMember(viewer.permissions, tenantId)) return [];
    const bookables = await this.find(this.orm.em.fork(), tenantId, filter);
    return bookables.filter((bookable) => allowed(viewer, 'read', bookable));
  }

  /**
   * One page of `list` without its cap: the objects of the filter the viewer may read (every one
   * with manageBookables.readAny, his own with readOwn), found by `search` (every word in the
   * title or the location), in creation order or newest first. Nothing for someone outside the
   * tenant, as `list`.
   */
  async page(viewer: Viewer, tenantId: string, request: BookablePageRequest): Promise<BookablePage> {
    const scope: BookableScope = !isTenantMember(viewer.permissions, tenantId)
      ? { kind: 'none' }
      : hasFlag(viewer.permissions, tenantId, 'manageBookables', 'readAny')
        ? { kind: 'all' }
        : hasFlag(viewer.permissions, tenantId, 'manageBookables', 'readOwn')
          ? { kind: 'owned', userId: viewer.user.id }
          : { kind: 'none' };
    return this.readPage(tenantId, scope, request);
  }

  /** One page of `choices` (every object of the tenant, the caller decides who may see them), searched by title or location. */
  async choicePage(tenantId: string, request: BookablePageRequest): Promise<BookablePage> {
    return this.readPage(tenantId, { kind: 'all' }, request);
  }

  private async readPage(tenantId: string, scope: BookableScope, request: BookablePageRequest): Promise<BookablePage> {
    const em = this.orm.em.fork();
    const { ids, pageInfo, totalCount } = await readBookableIdPage(em, tenantId, scope, {
      type: request.type,
      tags: request.tags,
      ids: request.ids,
      isPublic: request.isPublic,
      terms: searchTerms(request.search),
      newestFirst: request.newestFirst ?? false,
      paging: request.paging,
    });
    const found = new Map((ids.length > 0 ? await em.find(Bookable, { id: { $in: ids } }) : []).map((bookable) => [bookable.id, bookable]));
    return { bookables: ids.map((id) => found.get(id)).filter((bookable): bookable is Bookable => bookable !== undefined), totalCount, pageInfo };
  }

  async publicList(viewer: Viewer | null, tenantId: string, filter: BookableFilter = {}): Promise<Bookable[]> {
    const em = this.orm.em.fork();
    const roleIds = await roleIdsOf(em, viewer?.user.id, tenantId);
    const bookables = await this.find(em, tenantId, filter);
    return bookables.filter((bookable) => isVisibleTo(bookable, viewer?.user.id ?? null, roleIds));
  }

  async publicGet(viewer: Viewer | null, tenantId: string, id: string): Promise<Bookable> {
    const em = this.orm.em.fork();
    const bookable = await this.findOne(em, tenantId, id);
    if (!isVisibleTo(bookable, viewer?.user.id ?? null, await roleIdsOf(em, viewer?.user.id, tenantId))) throw new AppError('generic.not-found');
    return bookable;
  }

  /**
   * The tickets of the tenant's event that anyone may see and book (public, not restricted to users
   * or roles, bookable), in creation order: the choice of tickets on a ticket's booking page. A
   * restricted ticket is left out for everyone, so the list never depends on who asks.
   */
  async publicTicketsOfEvent(tenantId: string, eventId: string): Promise<Bookable[]> {
    if (!isUuid(eventId)) return [];
    const tickets = await this.orm.em.fork().find(Bookable, { tenant: tenantId, type: 'ticket', eventId, isPublic: true, isBookable: true }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return tickets.filter((ticket) => isVisibleTo(ticket, null, []));
  }

  /** Every object of the tenant as id, title and type, in creation order, at most WHOLE_LIST_CAP (the caller decides who may see them). */
  async choices(tenantId: string): Promise<{ id: string; title: string; type: string }[]> {
    const bookables = await this.orm.em.fork().find(Bookable, { tenant: tenantId }, { orderBy: { createdAt: 'asc', id: 'asc' }, fields: ['id', 'title', 'type'], limit: WHOLE_LIST_CAP });
    return bookables.map((bookable) => ({ id: bookable.id, title: bookable.title, type: bookable.type }));
  }

  /** ALLOW(read, manageBookables) on one object (its tenant, its owner). */
  mayRead(viewer: Viewer, bookable: Bookable): boolean {
    return allowed(viewer, 'read', bookable);
  }

  /**
   * The object for the public paths (opening hours, availability, bookings): the tenant's people see
   * every object, everyone else only what isVisibleTo grants; the rest is not found.
   */
  async findForPublic(em: EntityManager, viewer: Viewer | null, tenantId: string, id: string): Promise<Bookable> {
    const bookable = await this.findOne(em, tenantId, id);
    if (viewer && isTenantMember(viewer.permissions, tenantId)) return bookable;
    if (!isVisibleTo(bookable, viewer?.user.id ?? null, await roleIdsOf(em, viewer?.user.id, tenantId))) throw new AppError('generic.not-found');
    return bookable;
  }

  async get(viewer: Viewer, tenantId: string, id: string): Promise<Bookable> {
    this.requireMember(viewer, tenantId);
    const bookable = await this.findOne(this.orm.em.fork(), tenantId, id);
    if (!allowed(viewer, 'read', bookable)) throw new AppError('auth.forbidden');
    return bookable;
  }

  /** A new bookable; the viewer becomes its owner. Public only within the quota. */
  async create(viewer: Viewer, tenantId: string, input: Record<string, unknown>): Promise<Bookable> {
    this.requireMember(viewer, tenantId);
    if (!can(viewer.permissions, viewer.user.id, 'create', 'manageBookables', { tenantId })) throw new AppError('auth.forbidden');
    return this.orm.em.fork().transactional(async (em) => {
      if (!(await em.findOne(Tenant, { id: tenantId }, { fields: ['id'] }))) throw new AppError('generic.not-found');
      const bookable = await this.insert(em, tenantId, viewer.user.id, input);
      await em.flush();
      return bookable;
    });
  }

  /**
   * The rules of a new bookable inside the caller's transaction, for a caller that has checked the
   * rights (create above, the demo seed): validated input, references within the tenant, the public
   * quota. Not flushed.
   */
  async insert(em: EntityManager, tenantId: string, ownerUserId: string, input: Record<string, unknown>): Promise<Bookable> {
    const data = await this.validated(em, tenantId, input, null, null);
    if (data.isPublic) await this.requirePublicQuota(em, tenantId);
    return em.create(Bookable, { ...this.columns(em, data), id: randomUUID(), tenant: em.getReference(Tenant, tenantId), ownerUserId });
  }

  /** Changes the given fields; switching to public only within the quota. */
  async update(viewer: Viewer, tenantId: string, id: string, input: Record<string, unknown>): Promise<Bookable> {
    this.requireMember(viewer, tenantId);
    return this.orm.em.fork().transactional(async (em) => {
      const bookable = await this.findOne(em, tenantId, id);
      if (!allowed(viewer, 'update', bookable)) throw new AppError('auth.forbidden');
      const current = bookableRecord(bookable);
      const data = await this.validated(em, tenantId, input, current, bookable.id);
      if (data.isPublic && !current.isPublic) await this.requirePublicQuota(em, tenantId);
      em.assign(bookable, this.columns(em, data));
      await em.flush();
      return bookable;
    });
  }

  /** REST PUT api/{tenantId}/bookables: a body with an id updates, one without creates. */
  async save(viewer: Viewer, tenantId: string, input: Record<string, unknown>): Promise<Bookable> {
    const id = typeof input.id === 'string' ? input.id : typeof input._id === 'string' ? input._id : '';
    return id ? this.update(viewer, tenantId, id, input) : this.create(viewer, tenantId, input);
  }

  /**
   * A copy with " (Kopie)" appended and new ids: reading the original and
   * creating are both checked, so a copy never grants more than its creator may do.
   */
  async duplicate(viewer: Viewer, tenantId: string, id: string): Promise<Bookable> {
    const original = bookableRecord(await this.get(viewer, tenantId, id));
    const { id: _id, tenantId: _tenant, ownerUserId: _owner, ...data } = original;
    return this.create(viewer, tenantId, {
      ...data,
      title: `${original.title} (Kopie)`,
      attachments: data.attachments.map((attachment) => ({ ...attachment, id: randomUUID() })),
    });
  }

  /** Deletes the bookable and takes it out of other objects' dependent and checkout lists. */
  async remove(viewer: Viewer, tenantId: string, id: string): Promise<void> {
    this.requireMember(viewer, tenantId);
    await this.orm.em.fork().transactional(async (em) => {
      const bookable = await this.findOne(em, tenantId, id);
      if (!allowed(viewer, 'delete', bookable)) throw new AppError('auth.forbidden');
      const referencing = await em.find(Bookable, {
        tenant: tenantId,
        $or: [{ relatedBookableIds: { $overlap: [id] } }, { checkoutBookableIds: { $contains: [{ bookableId: id }] } }],
      });
      for (const other of referencing) {
        other.relatedBookableIds = other.relatedBookableIds.filter((child) => child !== id);
        other.checkoutBookableIds = other.checkoutBookableIds.filter((entry) => entry.bookableId !== id);
      }
      await em.flush();
      await em.nativeDelete(Bookable, { id });
    });
  }

  /**
   * Distinct tags over all bookables of the tenant, in first-seen order,
   * for those with some manageBookables right there (the list screens' filter); a member without
   * such a right learns nothing about the tenant's objects.
   */
  async tags(viewer: Viewer, tenantId: string): Promise<string[]> {
    if (!canReadSome(viewer.permissions, tenantId, 'manageBookables') && !canEditBookables(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    const rows = await this.orm.em
      .fork()
      .getConnection()
      .execute<{ tag: string }[]>('select t.tag from bookables b cross join lateral unnest(b.tags) with ordinality as t(tag, position) where b.tenant_id = ? order by b.created_at, b.id, t.position', [tenantId]);
    return [...new Set(rows.map((row) => row.tag))];
  }

  /**
   * The choices of the editor's visibility and free-booking pickers: the tenant's roles, and of its
   * people (members and owners) the first PICKER_USERS_LIMIT by name whose e-mail address or names
   * hold every word of `userSearch` (a city's tenant has thousands: the picker searches as one
   * types), plus the people named in `userIds` (the chosen ones, so their names show), for anyone
   * who may create or change bookables there. `moreUsers`: further people match the search.
   */
  async pickerOptions(
    viewer: Viewer,
    tenantId: string,
    query: { userSearch?: string | null; userIds?: readonly string[] | null } = {},
  ): Promise<{ users: PickerUser[]; moreUsers: boolean; roles: { id: string; name: string }[] }> {
    if (!canEditBookables(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    const em = this.orm.em.fork();
    const terms = searchTerms(query.userSearch);
    const matching = await em.execute<{ id: string; first_name: string; last_name: string }[]>(
      `select u.id, u.first_name, u.last_name from tenant_memberships m join users u on u.id = m.user_id
        where m.tenant_id = ?${terms.map(() => ` and ${USER_SEARCH_TEXT} like ?`).join('')}
        order by u.last_name, u.first_name, u.id limit ?`,
      [tenantId, ...terms.map(containsPattern), PICKER_USERS_LIMIT + 1],
    );
    const shown = matching.slice(0, PICKER_USERS_LIMIT);
    const named = (query.userIds ?? []).filter((id) => !shown.some((row) => row.id === id));
    const chosen = named.length
      ? await em.execute<{ id: string; first_name: string; last_name: string }[]>(
          `select u.id, u.first_name, u.last_name from tenant_memberships m join users u on u.id = m.user_id
            where m.tenant_id = ? and u.id in (?) order by u.last_name, u.first_name, u.id`,
          [tenantId, named.slice(0, WHOLE_LIST_CAP)],
        )
      : [];
    const roles = await em.find(Role, { tenant: tenantId }, { orderBy: { name: 'asc' } });
    const person = (row: { id: string; first_name: string; last_name: string }): PickerUser => ({ id: row.id, firstName: row.first_name, lastName: row.last_name });
    return {
      users: [...shown, ...chosen].map(person),
      moreUsers: matching.length > PICKER_USERS_LIMIT,
      roles: roles.map((role) => ({ id: role.id, name: role.name })),
    };
  }

  /**
   * count/check: whether one more public bookable fits the instance's quota (null is unlimited).
   * It gates creating and publishing, so it answers those who may create or change bookables.
   */
  async mayAddPublic(viewer: Viewer, tenantId: string): Promise<boolean> {
    if (!canEditBookables(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    return this.publicQuotaLeft(this.orm.em.fork(), tenantId);
  }

  private async publicQuotaLeft(em: EntityManager, tenantId: string): Promise<boolean> {
    const max = (await em.findOne(Instance, { id: 1 }, { fields: ['maxBookables'] }))?.maxBookables;
    if (max === null || max === undefined || max <= 0) return true;
    return (await em.count(Bookable, { tenant: tenantId, isPublic: true })) < max;
  }

  /** Serialises public-making per tenant, so two concurrent saves cannot both take the last place. */
  private async requirePublicQuota(em: EntityManager, tenantId: string): Promise<void> {
    await em.getConnection().execute('select pg_advisory_xact_lock(hashtext(?))', [`bookable-public:${tenantId}`], 'all', em.getTransactionContext());
    if (!(await this.publicQuotaLeft(em, tenantId))) throw new AppError('bookable.quota-reached');
  }

  private async validated(em: EntityManager, tenantId: string, input: Record<string, unknown>, current: BookableData | null, selfId: string | null): Promise<BookableData> {
    const { data, fieldErrors } = validateBookable(input, current);
    if (!data) throw new AppError('generic.validation', { fieldErrors });
    const errors = await referenceErrors(em, tenantId, data, selfId);
    if (Object.keys(errors).length > 0) throw new AppError('generic.validation', { fieldErrors: errors });
    return data;
  }

  /** The entity's columns for validated data (the parent as a reference). */
  private columns(em: EntityManager, data: BookableData) {
    const { parent, ...rest } = data;
    return { ...rest, parent: parent ? em.getReference(Bookable, parent) : null };
  }

  private requireMember(viewer: Viewer, tenantId: string): void {
    if (!isTenantMember(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
  }

  /**
   * The tenant's objects of the filter in creation order, at most the first WHOLE_LIST_CAP: the
   * lists read whole (staff and public, before each drops what its viewer may not see).
   */
  private find(em: EntityManager, tenantId: string, filter: BookableFilter): Promise<Bookable[]> {
    return em.find(
      Bookable,
      { tenant: tenantId, ...(filter.type ? { type: filter.type } : {}), ...(filter.tags?.length ? { tags: { $overlap: filter.tags } } : {}) },
      { orderBy: { createdAt: 'asc', id: 'asc' }, limit: WHOLE_LIST_CAP },
    );
  }

  /** The bookable of this tenant; another tenant's id is not found here. */
  async findOne(em: EntityManager, tenantId: string, id: string): Promise<Bookable> {
    const bookable = isUuid(id) ? await em.findOne(Bookable, { id, tenant: tenantId }) : null;
    if (!bookable) throw new AppError('generic.not-found');
    return bookable;
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    bookables: BookableService;
  }
}
