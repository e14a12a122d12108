import type { EntityManager } from '@mikro-orm/postgresql';
import { Role } from '../tenants/role.entity.js';
import { isUuid } from '../shared/ids.js';
import { User } from '../users/user.entity.js';
import { Bookable } from './bookable.entity.js';
import type { BookableData } from './bookable.model.js';

/**
 * The hierarchy of bookables: relatedBookableIds points from a parent
 * to its children. Children are followed downwards (depth ≤ 100), parents upwards (depth ≤ 5).
 */
export const MAX_CHILD_DEPTH = 100;
export const MAX_PARENT_DEPTH = 5;

/** Every bookable below the given ones, nearest first, without the starting objects. */
export async function descendantsOf(em: EntityManager, tenantId: string, start: Bookable): Promise<Bookable[]> {
  const seen = new Set<string>([start.id]);
  const result: Bookable[] = [];
  let frontier = start.relatedBookableIds.filter(isUuid);
  for (let depth = 0; depth < MAX_CHILD_DEPTH && frontier.length > 0; depth += 1) {
    const children = await em.find(Bookable, { tenant: tenantId, id: { $in: frontier.filter((id) => !seen.has(id)) } });
    const byId = new Map(children.map((child) => [child.id, child]));
    const next: string[] = [];
    for (const id of frontier) {
      const child = byId.get(id);
      if (!child || seen.has(id)) continue;
      seen.add(id);
      result.push(child);
      next.push(...child.relatedBookableIds.filter(isUuid));
    }
    frontier = next;
  }
  return result;
}

/**
 * descendantsOf of several bookables of the tenant (a list) with one statement per level of the
 * hierarchy instead of per bookable; each answer as descendantsOf gives it.
 */
export async function descendantsOfMany(em: EntityManager, tenantId: string, starts: readonly Bookable[]): Promise<Map<string, Bookable[]>> {
  const loaded = new Map<string, Bookable>(starts.map((start) => [start.id, start]));
  const childrenOf = (bookables: Iterable<Bookable>) => [...new Set([...bookables].flatMap((bookable) => bookable.relatedBookableIds.filter(isUuid)))].filter((id) => !loaded.has(id));
  let frontier = childrenOf(starts);
  for (let depth = 0; depth < MAX_CHILD_DEPTH && frontier.length > 0; depth += 1) {
    const children = await em.find(Bookable, { tenant: tenantId, id: { $in: frontier } });
    for (const child of children) loaded.set(child.id, child);
    frontier = childrenOf(children);
  }
  const descendants = new Map<string, Bookable[]>();
  for (const start of starts) {
    const seen = new Set<string>([start.id]);
    const result: Bookable[] = [];
    let level = start.relatedBookableIds.filter(isUuid);
    for (let depth = 0; depth < MAX_CHILD_DEPTH && level.length > 0; depth += 1) {
      const next: string[] = [];
      for (const id of level) {
        const child = loaded.get(id);
        if (!child || seen.has(id)) continue;
        seen.add(id);
        result.push(child);
        next.push(...child.relatedBookableIds.filter(isUuid));
      }
      level = next;
    }
    descendants.set(start.id, result);
  }
  return descendants;
}

/**
 * Every bookable above the given one (those listing it as a child, transitively), nearest first;
 * `maxDepth` levels (the rules' five by default).
 */
export async function parentsOf(em: EntityManager, tenantId: string, id: string, maxDepth = MAX_PARENT_DEPTH): Promise<Bookable[]> {
  const seen = new Set<string>([id]);
  const result: Bookable[] = [];
  let frontier = [id];
  for (let depth = 0; depth < maxDepth && frontier.length > 0; depth += 1) {
    const parents = await em.find(Bookable, { tenant: tenantId, relatedBookableIds: { $overlap: frontier } }, { orderBy: { createdAt: 'asc' } });
    frontier = [];
    for (const parent of parents) {
      if (seen.has(parent.id)) continue;
      seen.add(parent.id);
      result.push(parent);
      frontier.push(parent.id);
    }
  }
  return result;
}

/**
 * The references of a bookable's data that point at other rows: parent, dependent objects and
 * checkout options in the same tenant (not itself, no cycle), existing users and the tenant's roles.
 * Returns the messages by field path.
 */
export async function referenceErrors(em: EntityManager, tenantId: string, data: BookableData, selfId: string | null): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const bookableIds = [...new Set([data.parent, ...data.relatedBookableIds, ...data.checkoutBookableIds.map((entry) => entry.bookableId)].filter((id): id is string => Boolean(id)))];
  const known = new Set(
    bookableIds.some(isUuid) ? (await em.find(Bookable, { tenant: tenantId, id: { $in: bookableIds.filter(isUuid) } }, { fields: ['id'] })).map((bookable) => bookable.id) : [],
  );
  const check = (id: string | null, field: string) => {
    if (!id) return;
    if (id === selfId) errors[field] = 'Ein Buchungsobjekt kann nicht auf sich selbst verweisen.';
    else if (!known.has(id)) errors[field] = 'Unbekanntes Buchungsobjekt';
  };
  check(data.parent, 'parent');
  data.relatedBookableIds.forEach((id, index) => check(id, `relatedBookableIds.${index}`));
  data.checkoutBookableIds.forEach((entry, index) => check(entry.bookableId, `checkoutBookableIds.${index}`));

  if (selfId && data.relatedBookableIds.length > 0) {
    // A child that is already above this object would make the hierarchy a cycle: searched as deep
    // as children are followed, not only the five parent levels the booking rules look at.
    const ancestors = new Set((await parentsOf(em, tenantId, selfId, MAX_CHILD_DEPTH)).map((parent) => parent.id));
    data.relatedBookableIds.forEach((id, index) => {
      if (ancestors.has(id)) errors[`relatedBookableIds.${index}`] = 'Ein übergeordnetes Objekt kann nicht zugleich abhängig sein.';
    });
  }

  const roleIds = [...new Set([...data.permittedRoles, ...data.freeBookingRoles])];
  const knownRoles = new Set(
    roleIds.some(isUuid) ? (await em.find(Role, { tenant: tenantId, id: { $in: roleIds.filter(isUuid) } }, { fields: ['id'] })).map((role) => role.id) : [],
  );
  data.permittedRoles.forEach((id, index) => knownRoles.has(id) || (errors[`permittedRoles.${index}`] = 'Unbekannte Rolle'));
  data.freeBookingRoles.forEach((id, index) => knownRoles.has(id) || (errors[`freeBookingRoles.${index}`] = 'Unbekannte Rolle'));

  const userIds = [...new Set([...data.permittedUsers, ...data.freeBookingUsers])];
  const knownUsers = new Set(userIds.length ? (await em.find(User, { id: { $in: userIds } }, { fields: ['id'] })).map((user) => user.id) : []);
  data.permittedUsers.forEach((id, index) => knownUsers.has(id) || (errors[`permittedUsers.${index}`] = 'Unbekannter Benutzer'));
  data.freeBookingUsers.forEach((id, index) => knownUsers.has(id) || (errors[`freeBookingUsers.${index}`] = 'Unbekannter Benutzer'));

  // By entity name: the events domain builds on bookables, not the other way round. Another
  // tenant's event reads as unknown: its existence is none of this tenant's business.
  if (data.eventId && (!isUuid(data.eventId) || (await em.count('Event', { id: data.eventId, tenant: tenantId })) === 0)) {
    errors.eventId = 'Unbekannte Veranstaltung. Ein Ticket kann nur einer Veranstaltung desselben Mandanten zugeordnet werden.';
  }
  return errors;
}
