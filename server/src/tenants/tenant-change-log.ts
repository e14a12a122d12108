import type { EntityManager } from '@mikro-orm/postgresql';
import { systemActor, viewerActor, type ChangeActor, type ChangeActorKind, type ChangeActorRole } from '../../../common/changes/actor.js';
import { isSecretField, type TenantChange, type TenantChangeAction, type TenantChangeLogQuery, type TenantChangeSubject, type TenantChangeVia } from '../../../common/tenants/change-log.js';
import type { Viewer } from '../users/viewer.service.js';
import { accessFlags, permissionAreas } from '../../../common/permissions/model.js';
import type { Role } from './role.entity.js';
import type { Tenant, TenantApplication } from './tenant.entity.js';
import { tenantSettingKinds, tenantSettingsFields } from './tenant-settings.js';

/**
 * The tenant's append-only change log (docs/administration.md, "Änderungsprotokoll"). Every change
 * of a tenant's settings, roles, members, applications and workflow writes its entry through
 * recordTenantChange() with the transaction's own EntityManager, so a change that rolls back leaves
 * none; the table refuses UPDATE and DELETE (a trigger, migration tenant_change_log). Secrets are
 * recorded as "changed", never with a value.
 */

export type { TenantChange, TenantChangeVia };

/** Who acted and through which path: handed from the resolver, route or job to the service. */
/** Who acted, with the role they acted in when it is known (read at the change otherwise). */
export type TenantChangeActor = ChangeActor & { role?: ChangeActorRole | null };

export interface TenantChangeOrigin {
  actor: TenantChangeActor;
  via: TenantChangeVia;
}

/** A signed-in staff member (or an API token) acting through the given path. */
export function viewerChangeOrigin(viewer: Viewer, via: TenantChangeVia): TenantChangeOrigin {
  return { actor: viewerActor(viewer), via };
}

/** A change the system makes on its own (a sign-in's role mapping, a job). */
export function systemChangeOrigin(via: TenantChangeVia, label = systemActor.label): TenantChangeOrigin {
  return { actor: { ...systemActor, label }, via };
}

export interface TenantChangeEntryInput {
  tenantId: string;
  subject: TenantChangeSubject;
  subjectId: string;
  /** The subject's name as it reads at the time of the change. */
  subjectLabel: string;
  action: TenantChangeAction;
  origin: TenantChangeOrigin;
  changes?: readonly TenantChange[];
}

export interface TenantChangeEntry {
  id: string;
  at: Date;
  subject: string;
  subjectId: string;
  subjectLabel: string;
  action: string;
  actor: TenantChangeActor;
  via: string;
  changes: TenantChange[];
}

export interface TenantChangeLogPage {
  entries: TenantChangeEntry[];
  nextCursor: string | null;
}

/** A change with its values unless the field is a secret: then only that it changed, whatever the caller handed in. */
function withoutSecret(change: TenantChange): TenantChange {
  return change.concealed || isSecretField(change.field) ? { field: change.field, concealed: true, changed: true } : change;
}

/**
 * The role a person acts in for the tenant, as this transaction sees it: its owner, else an
 * instance owner, else staff (a member). The role as the change began counts, so an owner who
 * gives up ownership is still named owner for that change.
 */
const ACTOR_ROLE_SQL = `select case
  when exists (select 1 from tenant_memberships m where m.tenant_id = ? and m.user_id = ? and m.is_owner) then 'tenant_owner'
  when ? = any (coalesce((select i.owner_user_ids from instance i where i.id = 1), '{}')) then 'instance_owner'
  else 'staff' end as role`;

/** Writes one entry inside the caller's transaction; a person's entry names the role they acted in. */
export async function recordTenantChange(em: EntityManager, entry: TenantChangeEntryInput): Promise<void> {
  const { actor, via } = entry.origin;
  const role = actor.role ?? (actor.kind === 'user' && actor.id ? ((await em.execute<{ role: ChangeActorRole }[]>(ACTOR_ROLE_SQL, [entry.tenantId, actor.id, actor.id]))[0]?.role ?? null) : null);
  await em.execute(
    `insert into tenant_change_log (tenant_id, subject, subject_id, subject_label, action, actor_kind, actor_id, actor_label, actor_role, via, changes) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)`,
    [entry.tenantId, entry.subject, entry.subjectId, entry.subjectLabel, entry.action, actor.kind, actor.id, actor.label, role, via, JSON.stringify((entry.changes ?? []).map(withoutSecret))],
  );
}

interface LogRow {
  id: string;
  at: Date;
  subject: string;
  subject_id: string;
  subject_label: string;
  action: string;
  actor_kind: ChangeActorKind;
  actor_id: string | null;
  actor_label: string;
  actor_role: ChangeActorRole | null;
  via: string;
  changes: TenantChange[];
}

/** One page of a tenant's change log, newest first; the cursor is the last entry's id. */
export async function readTenantChangeLog(em: EntityManager, tenantId: string, query: TenantChangeLogQuery): Promise<TenantChangeLogPage> {
  const params: unknown[] = [tenantId];
  let after = '';
  if (query.after !== null) {
    after = ' and (l.at, l.id) < (select c.at, c.id from tenant_change_log c where c.id = ? and c.tenant_id = l.tenant_id)';
    params.push(query.after);
  }
  params.push(query.first + 1);
  const rows = await em.execute<LogRow[]>(
    `select l.id::text as id, l.at, l.subject, l.subject_id, l.subject_label, l.action, l.actor_kind, l.actor_id, l.actor_label, l.actor_role, l.via, l.changes
     from tenant_change_log l where l.tenant_id = ?${after} order by l.at desc, l.id desc limit ?`,
    params,
  );
  const page = rows.slice(0, query.first);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: new Date(row.at),
      subject: row.subject,
      subjectId: row.subject_id,
      subjectLabel: row.subject_label,
      action: row.action,
      actor: { kind: row.actor_kind, id: row.actor_id, label: row.actor_label, role: row.actor_role },
      via: row.via,
      changes: row.changes,
    })),
    nextCursor: rows.length > query.first ? page[page.length - 1].id : null,
  };
}

type Values = Readonly<Record<string, unknown>>;

const plain = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value === undefined ? null : value);

/**
 * The fields whose values differ between two snapshots (null: the subject did not exist), in the
 * order given; a secret is listed as changed without either value.
 */
export function changedFields(before: Values | null, after: Values | null, fields: readonly string[]): TenantChange[] {
  const changes: TenantChange[] = [];
  for (const field of fields) {
    const old = before ? plain(before[field]) : null;
    const now = after ? plain(after[field]) : null;
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    changes.push(isSecretField(field) ? { field, concealed: true, changed: true } : { field, before: old, after: now });
  }
  return changes;
}

/** The union of two snapshots' keys, in first-seen order, without the given ones. */
function keysOf(before: Values | null, after: Values | null, skip: readonly string[]): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of skip) keys.delete(key);
  return [...keys];
}


export interface TenantSnapshot {
  settings: Values;
  applications: TenantApplication[];
}

/** The event mode of a tenant that never chose one: the editor shows it as the detailed mode. */
const DEFAULT_EVENT_CREATION_MODE = 'detailed';

/**
 * A setting as it takes effect, so a save that only rewrites a value in another spelling logs
 * nothing: texts are stored trimmed (a bundled template's final line break is no change), an empty
 * text is no text, and an unset event mode is the detailed one the editor shows.
 */
function effectiveSetting(field: string, value: unknown): unknown {
  const kind = (tenantSettingKinds as Record<string, string>)[field];
  if (kind !== 'text') return plain(value);
  const text = typeof value === 'string' ? value.trim() : value == null ? '' : String(value);
  return field === 'defaultEventCreationMode' && text === '' ? DEFAULT_EVENT_CREATION_MODE : text;
}

/** The tenant as the log compares it, taken before and after a change. */
export function tenantSnapshot(tenant: Tenant): TenantSnapshot {
  const source = tenant as unknown as Values;
  const settings: Record<string, unknown> = {};
  for (const field of tenantSettingsFields) settings[field] = effectiveSetting(field, source[field]);
  return { settings, applications: tenant.applications.map((application) => ({ ...application })) };
}

/** Fields of an application that say nothing about its use: who it is, and how it would run. */
const APPLICATION_FRAME = new Set(['id', 'type', 'title', 'active', 'paymentMode']);

/**
 * An application the editor stores for every offered kind, switched off and not filled in (its
 * secrets may be generated): no change anybody made.
 */
function blankApplication(application: TenantApplication): boolean {
  if (application.active) return false;
  return Object.entries(application).every(([field, value]) => APPLICATION_FRAME.has(field) || isSecretField(field) || value === '' || value == null || value === false);
}

const applicationSubject = (application: TenantApplication): TenantChangeSubject => (application.type === 'locker' ? 'locker_application' : 'payment_application');

/**
 * The entries of a tenant save: its settings (created: the fields it was created with), then each
 * application that was added or whose fields changed. Nothing changed, nothing recorded.
 */
export async function recordTenantSave(em: EntityManager, before: TenantSnapshot | null, tenant: Tenant, origin: TenantChangeOrigin): Promise<void> {
  const after = tenantSnapshot(tenant);
  const base = before ?? { settings: null, applications: [] };
  const settings = changedFields(base.settings, after.settings, tenantSettingsFields);
  if (!before || settings.length > 0) {
    await recordTenantChange(em, { tenantId: tenant.id, subject: 'tenant_settings', subjectId: tenant.id, subjectLabel: tenant.name, action: before ? 'changed' : 'created', origin, changes: settings });
  }
  for (const application of after.applications) {
    const previous = base.applications.find((candidate) => candidate.id === application.id) ?? null;
    if (!previous && blankApplication(application)) continue;
    const changes = changedFields(previous, application, keysOf(previous, application, ['id', 'type', 'title']));
    if (previous && changes.length === 0) continue;
    await recordTenantChange(em, {
      tenantId: tenant.id,
      subject: applicationSubject(application),
      subjectId: application.id,
      subjectLabel: application.title ?? application.id,
      action: previous ? 'changed' : 'created',
      origin,
      changes,
    });
  }
}

/** A tenant's deletion: the last entry of its log. */
export async function recordTenantDeleted(em: EntityManager, tenant: Tenant, origin: TenantChangeOrigin): Promise<void> {
  await recordTenantChange(em, { tenantId: tenant.id, subject: 'tenant_settings', subjectId: tenant.id, subjectLabel: tenant.name, action: 'deleted', origin });
}

/** A membership as the log compares it: member, owner, the role names (sorted). */
export interface MembershipSnapshot {
  isMember: boolean;
  isOwner: boolean;
  roles: string[];
}

export const membershipFields = ['isMember', 'isOwner', 'roles'] as const;

export function membershipSnapshot(membership: { isMember: boolean; isOwner: boolean; roles: { getItems(): { name: string }[] } } | null): MembershipSnapshot | null {
  if (!membership) return null;
  return { isMember: membership.isMember, isOwner: membership.isOwner, roles: membership.roles.getItems().map((role) => role.name).sort((a, b) => a.localeCompare(b, 'de')) };
}

/** One membership's change (created, changed, deleted), named by the user's account as it reads now; none when nothing changed. */
export async function recordMembershipChange(
  em: EntityManager,
  tenantId: string,
  user: { id: string; label: string },
  before: MembershipSnapshot | null,
  after: MembershipSnapshot | null,
  origin: TenantChangeOrigin,
): Promise<void> {
  const changes = changedFields(before as Values | null, after as Values | null, membershipFields);
  if (changes.length === 0) return;
  const action: TenantChangeAction = !before ? 'created' : !after ? 'deleted' : 'changed';
  await recordTenantChange(em, { tenantId, subject: 'membership', subjectId: user.id, subjectLabel: user.label, action, origin, changes });
}

/** A user's account as the log names it: "Vorname Nachname <e-mail>", or the e-mail alone. */
export function userLabel(user: { id: string; firstName?: string | null; lastName?: string | null }): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name ? `${name} <${user.id}>` : user.id;
}

/** A role as the log compares it: name, interfaces, free bookings and, per area, the flags it grants. */
export const roleFields = ['name', 'adminInterfaces', 'freeBookings', ...permissionAreas] as const;

export function roleSnapshot(role: Role): Values {
  const snapshot: Record<string, unknown> = { name: role.name, adminInterfaces: [...role.adminInterfaces].sort(), freeBookings: role.freeBookings };
  for (const area of permissionAreas) snapshot[area] = accessFlags.filter((flag) => role[area][flag] === true);
  return snapshot;
}

/** A role's creation, change or deletion; a save that changes nothing records nothing. */
export async function recordRoleChange(em: EntityManager, role: Role, before: Values | null, after: Values | null, origin: TenantChangeOrigin): Promise<void> {
  const changes = changedFields(before, after, roleFields);
  if (before && after && changes.length === 0) return;
  const action: TenantChangeAction = !before ? 'created' : !after ? 'deleted' : 'changed';
  await recordTenantChange(em, { tenantId: role.tenant.id, subject: 'role', subjectId: role.id, subjectLabel: role.name, action, origin, changes });
}
