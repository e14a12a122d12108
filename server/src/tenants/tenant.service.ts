import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { tenantBooleanFields, tenantListFields, tenantNumberFields, tenantSecretFields, tenantTextFields } from './tenant-settings.js';
import { AppError } from '../shared/errors.js';
import type { Permissions } from '../../../common/permissions/model.js';
import { canCreateTenant, canManageTenant, worksInEveryTenant } from '../../../common/permissions/permissions.js';
import { publishInTransaction, type AppPubSub } from '../shared/pubsub.js';
import { User } from '../users/user.entity.js';
import type { Viewer } from '../users/viewer.service.js';
import type { TenantQuota, TenantWorkflow, WorkflowInputOfTenant } from './tenant-ports.js';
import { defaultGenericMailTemplate, defaultReceiptTemplate } from './default-templates.js';
import { noDocumentCounts, type DocumentCounts, type TenantDocumentCounts } from './document-counts.js';
import { TenantMembership } from './membership.entity.js';
import type { MemberList } from './tenant-members.service.js';
import { Tenant, type TenantApplication } from './tenant.entity.js';
import { normalizeSchoolHolidays, tenantFieldErrors } from '../../../common/tenants/tenant.validation.js';
import { mergeApplications, type ApplicationDefinition } from './tenant-applications.js';
import { readTenantChangeLog, recordMembershipChange, recordTenantDeleted, recordTenantSave, tenantSnapshot, userLabel, viewerChangeOrigin, type TenantChangeLogPage, type TenantChangeVia } from './tenant-change-log.js';
import { isSecretField, type TenantChangeLogQuery } from '../../../common/tenants/change-log.js';
import { WHOLE_LIST_CAP, type Paging } from '../../../common/validation/paging.js';
import { searchTerms } from '../../../common/validation/search.js';
import type { PageInfo } from '../shared/keyset.js';
import { readTenantIdPage, type TenantScope } from './tenant-list.queries.js';

/** Which tenants a paged list holds: those the viewer works in (GraphQL tenants), or those he manages (GET api/tenants). */
export type TenantListKind = 'worksIn' | 'managed';

/** One page of a tenants list: the tenants, how many match in all, and where the next page starts. */
export interface TenantPage {
  tenants: Tenant[];
  totalCount: number;
  pageInfo: PageInfo;
}

/** The public part of a tenant (publicTenants=true). */
export function publicTenant(tenant: Tenant) {
  return {
    id: tenant.id,
    name: tenant.name,
    contactName: tenant.contactName,
    location: tenant.location,
    mail: tenant.mail,
    phone: tenant.phone,
    website: tenant.website,
    bookableDetailLink: tenant.bookableDetailLink,
    eventDetailLink: tenant.eventDetailLink,
    privacyNotice: tenant.privacyNotice,
    privacyPolicyLink: tenant.privacyPolicyLink,
    defaultEventCreationMode: tenant.defaultEventCreationMode,
    enablePublicStatusView: tenant.enablePublicStatusView,
  };
}

/** The secrets the applications store (payment key or salt, locker API key and password), always reported as "…Set". */
const applicationSecretFields = ['paymentSecret', 'apiKey', 'password'] as const;

/**
 * An application without its secrets: each is replaced by its "…Set" indicator. Any other field
 * named like a secret is treated the same, so a secret added later is never shown by omission.
 */
export function applicationView(application: TenantApplication): TenantApplication {
  const view: TenantApplication = { id: application.id, type: application.type, title: application.title, active: application.active };
  for (const [field, value] of Object.entries(application)) {
    if (isSecretField(field)) view[`${field}Set`] = Boolean(value);
    else view[field] = value;
  }
  for (const field of applicationSecretFields) view[`${field}Set`] = Boolean(application[field]);
  return view;
}

/** The full tenant for its owners without any secret; the counters read-only. */
export function tenantView(tenant: Tenant, members?: MemberList, counts: DocumentCounts = noDocumentCounts()) {
  const { noreplyPassword, noreplyGraphClientSecret, applications, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = tenant;
  return {
    ...fields,
    noreplyPasswordSet: Boolean(noreplyPassword),
    noreplyGraphClientSecretSet: Boolean(noreplyGraphClientSecret),
    applications: applications.map(applicationView),
    receiptCount: counts.receiptCount,
    invoiceCount: counts.invoiceCount,
    ...(members ? { users: members.users, ownerUserIds: members.owner } : {}),
  };
}

/** One application entry as a caller may send it. Secrets: absent or empty keeps the stored value. */
export interface ApplicationInputData {
  id: string;
  active?: boolean | null;
  paymentMerchantId?: string | null;
  paymentProjectId?: string | null;
  paymentSecret?: string | null;
  clearPaymentSecret?: boolean | null;
  paymentMode?: string | null;
  paymentPurposeSuffix?: string | null;
  bank?: string | null;
  iban?: string | null;
  bic?: string | null;
  accountHolder?: string | null;
  daysUntilPaymentDue?: number | null;
  serverUrl?: string | null;
  apiKey?: string | null;
  clearApiKey?: boolean | null;
  lockerId?: string | null;
  user?: string | null;
  password?: string | null;
  clearPassword?: boolean | null;
}

export type TenantInputData = Partial<Record<(typeof tenantTextFields)[number], string | null>> &
  Partial<Record<(typeof tenantBooleanFields)[number], boolean | null>> &
  Partial<Record<(typeof tenantNumberFields)[number], number | string | null>> &
  Partial<Record<(typeof tenantListFields)[number], unknown>> & {
    id?: string | null;
    noreplyPassword?: string | null;
    noreplyGraphClientSecret?: string | null;
    clearNoreplyPassword?: boolean | null;
    clearNoreplyGraphClientSecret?: boolean | null;
    applications?: ApplicationInputData[] | null;
  };

/** How each list setting is stored; what its rules refuse stays as sent, for validate() to name. */
const listShapes: Record<(typeof tenantListFields)[number], (value: unknown) => unknown> = {
  schoolHolidays: normalizeSchoolHolidays,
};

/** Writes the sent fields onto the tenant; absent fields and untouched secrets stay as they are. */
function applyInput(tenant: Tenant, input: TenantInputData, applications: readonly ApplicationDefinition[]): void {
  const target = tenant as unknown as Record<string, unknown>;
  for (const field of tenantTextFields) {
    const value = input[field];
    if (value !== undefined) target[field] = value === null ? '' : String(value).trim();
  }
  for (const field of tenantBooleanFields) {
    const value = input[field];
    if (value !== undefined && value !== null) target[field] = Boolean(value);
  }
  for (const field of tenantNumberFields) {
    const value = input[field];
    if (value !== undefined) target[field] = value === null || value === '' ? null : Number(value);
  }
  for (const field of tenantListFields) {
    const value = input[field];
    if (value !== undefined) target[field] = value === null ? [] : listShapes[field](value);
  }
  for (const secret of tenantSecretFields) {
    const clear = secret === 'noreplyPassword' ? input.clearNoreplyPassword : input.clearNoreplyGraphClientSecret;
    const sent = input[secret];
    if (clear) tenant[secret] = null;
    else if (typeof sent === 'string' && sent !== '') tenant[secret] = sent;
  }
  if (input.applications != null) {
    if (!Array.isArray(input.applications)) throw new AppError('generic.validation', { fieldErrors: { applications: 'Ungültiger Wert' } });
    tenant.applications = mergeApplications(applications, tenant.applications, input.applications);
  }
}

function validate(tenant: Tenant): void {
  const fieldErrors = tenantFieldErrors(tenant);
  if (Object.keys(fieldErrors).length > 0) throw new AppError('generic.validation', { fieldErrors });
}

export class TenantService {
  constructor(
    private readonly orm: MikroORM,
    private readonly pubSub: AppPubSub,
    private readonly workflows: TenantWorkflow,
    private readonly quota: TenantQuota,
    /** The application kinds a tenant may store: payments (from the payments domain) and lockers. */
    private readonly applicationDefinitions: readonly ApplicationDefinition[],
    /** The receipt and invoice counters (receipts domain); null: shown empty. */
    private readonly counters: TenantDocumentCounts | null = null,
    /** The payment applications a customer may choose (payments domain: active and complete); default: the active ones. */
    private readonly offeredPayments: (applications: readonly TenantApplication[]) => { id: string; title: string }[] = (applications) =>
      applications.filter((application) => application.type === 'payment' && application.active).map((application) => ({ id: application.id, title: application.title ?? '' })),
  ) {}

  /** The yearly receipt and invoice counters of the tenants, by id. */
  async documentCounts(tenantIds: readonly string[]): Promise<Map<string, DocumentCounts>> {
    return this.counters && tenantIds.length > 0 ? this.counters.countsOf(tenantIds) : new Map();
  }

  /** Tells each user's open clients to reload their session (permissions and tenant list). */
  private async sessionChanged(userIds: Iterable<string>, reason: string): Promise<void> {
    for (const userId of new Set(userIds)) this.pubSub.publish('SESSION_CHANGED', userId, { userId, reason });
  }

  private async find(em: EntityManager, id: string): Promise<Tenant> {
    const tenant = await em.findOne(Tenant, { id });
    if (!tenant) throw new AppError('generic.not-found');
    return tenant;
  }

  /**
   * The tenants the viewer works in, sorted by name: those of a member or owner entry; an instance
   * owner works in every tenant (he may do everything), so he gets all of them. At most the first
   * WHOLE_LIST_CAP (both lists).
   */
  async listForViewer(permissions: Permissions): Promise<Tenant[]> {
    const em = this.orm.em.fork();
    if (worksInEveryTenant(permissions)) return em.find(Tenant, {}, { orderBy: { name: 'asc', id: 'asc' }, limit: WHOLE_LIST_CAP });
    const ids = permissions.tenants.map((entry) => entry.tenantId);
    if (ids.length === 0) return [];
    return em.find(Tenant, { id: { $in: ids } }, { orderBy: { name: 'asc', id: 'asc' }, limit: WHOLE_LIST_CAP });
  }

  /** GET api/tenants without publicTenants: full tenants the viewer owns; instance owners get all. */
  async listManaged(permissions: Permissions): Promise<Tenant[]> {
    const em = this.orm.em.fork();
    if (permissions.instanceOwner) return em.find(Tenant, {}, { orderBy: { name: 'asc', id: 'asc' }, limit: WHOLE_LIST_CAP });
    const ids = permissions.tenants.filter((entry) => entry.isOwner).map((entry) => entry.tenantId);
    if (ids.length === 0) return [];
    return em.find(Tenant, { id: { $in: ids } }, { orderBy: { name: 'asc', id: 'asc' }, limit: WHOLE_LIST_CAP });
  }

  /**
   * One page of the tenants of listForViewer (`worksIn`) or listManaged (`managed`), by name, the
   * same tenants without the cap: `search`'s every word occurs in the id, name, contact, address,
   * e-mail or phone, in any case. A cursor of another list is a validation error.
   */
  async page(permissions: Permissions, kind: TenantListKind, query: { search?: string | null; paging: Paging }): Promise<TenantPage> {
    const em = this.orm.em.fork();
    const all = kind === 'worksIn' ? worksInEveryTenant(permissions) : permissions.instanceOwner;
    const entries = kind === 'worksIn' ? permissions.tenants : permissions.tenants.filter((entry) => entry.isOwner);
    const scope: TenantScope = all ? { all: true } : { all: false, ids: entries.map((entry) => entry.tenantId) };
    const { ids, pageInfo, totalCount } = await readTenantIdPage(em, scope, searchTerms(query.search), query.paging);
    const found = new Map((ids.length > 0 ? await em.find(Tenant, { id: { $in: ids } }) : []).map((tenant) => [tenant.id, tenant]));
    return { tenants: ids.map((id) => found.get(id)).filter((tenant): tenant is Tenant => tenant !== undefined), totalCount, pageInfo };
  }

  /** One tenant in full: owners and instance owners only (others: forbidden, whether it exists or not). */
  async get(viewer: Viewer, id: string): Promise<Tenant> {
    if (!canManageTenant(viewer.permissions, id)) throw new AppError('auth.forbidden');
    return this.find(this.orm.em.fork(), id);
  }

  /** PUBLIC: the payment applications a customer may choose at checkout (the ones the checkout accepts), {id, title}. */
  async paymentApps(id: string): Promise<{ id: string; title: string }[]> {
    const tenant = await this.find(this.orm.em.fork(), id);
    return this.offeredPayments(tenant.applications);
  }

  /** PUBLIC: the privacy notice and the link to the privacy statement (both empty when not set). */
  async privacy(id: string): Promise<{ privacyNotice: string; privacyPolicyLink: string }> {
    const tenant = await this.find(this.orm.em.fork(), id);
    return { privacyNotice: tenant.privacyNotice, privacyPolicyLink: tenant.privacyPolicyLink };
  }

  /** Whether the quota allows another tenant (instance.maxTenants; null = unlimited). */
  async mayCreateAnother(em: EntityManager = this.orm.em.fork()): Promise<boolean> {
    const max = await this.quota.maxTenants(em);
    if (max === null) return true;
    return (await em.count(Tenant, {})) < max;
  }

  /** Creates a tenant: new UUID, the creator as owner, the bundled templates. */
  async create(viewer: Viewer, input: TenantInputData, via: TenantChangeVia): Promise<Tenant> {
    if (!canCreateTenant(viewer.permissions)) throw new AppError('auth.forbidden');
    const tenant = await this.orm.em.fork().transactional(async (em) => {
      // One creation at a time, so two concurrent requests cannot both pass the quota check.
      await em.getConnection().execute('select pg_advisory_xact_lock(hashtext(?))', ['tenant-create'], 'all', em.getTransactionContext());
      if (!(await this.mayCreateAnother(em))) throw new AppError('tenant.quota-reached');
      const created = em.create(Tenant, { id: randomUUID(), name: '', genericMailTemplate: defaultGenericMailTemplate, receiptTemplate: defaultReceiptTemplate });
      const { id: _ignored, ...fields } = input;
      applyInput(created, fields, this.applicationDefinitions);
      validate(created);
      em.create(TenantMembership, { tenant: created, user: em.getReference(User, viewer.user.id), isMember: false, isOwner: true });
      await em.flush();
      const origin = viewerChangeOrigin(viewer, via);
      await recordTenantSave(em, null, created, origin);
      await recordMembershipChange(em, created.id, { id: viewer.user.id, label: userLabel(viewer.user) }, null, { isMember: false, isOwner: true, roles: [] }, origin);
      return created;
    });
    await this.sessionChanged([viewer.user.id], 'tenant-created');
    return tenant;
  }

  /**
   * Updates the tenant with the sent fields (absent ones unchanged, secrets kept unless sent),
   * merges the applications and, when given, creates or updates the workflow: one transaction.
   */
  async update(viewer: Viewer, id: string, input: TenantInputData, workflow: WorkflowInputOfTenant | null | undefined, via: TenantChangeVia): Promise<Tenant> {
    if (!canManageTenant(viewer.permissions, id)) throw new AppError('auth.forbidden');
    return this.orm.em.fork().transactional(async (em) => {
      const tenant = await this.find(em, id);
      const before = tenantSnapshot(tenant);
      const { id: _ignored, ...fields } = input;
      applyInput(tenant, fields, this.applicationDefinitions);
      validate(tenant);
      await em.flush();
      const origin = viewerChangeOrigin(viewer, via);
      await recordTenantSave(em, before, tenant, origin);
      if (workflow) await this.workflows.saveIn(em, tenant, workflow, origin);
      return tenant;
    });
  }

  /** PUT api/tenants: update when the id exists, otherwise create. */
  async save(viewer: Viewer, input: TenantInputData, workflow: WorkflowInputOfTenant | null | undefined, via: TenantChangeVia): Promise<{ tenant: Tenant; created: boolean }> {
    const id = typeof input.id === 'string' ? input.id : undefined;
    const exists = id ? (await this.orm.em.fork().count(Tenant, { id })) > 0 : false;
    if (id && exists) return { tenant: await this.update(viewer, id, input, workflow, via), created: false };
    const tenant = await this.create(viewer, input, via);
    if (workflow) await this.workflows.save(viewer, tenant.id, workflow, via);
    return { tenant, created: true };
  }

  /** Deletes the tenant; roles, memberships and the workflow go with it (database cascade). */
  async delete(viewer: Viewer, id: string, via: TenantChangeVia): Promise<void> {
    if (!canManageTenant(viewer.permissions, id)) throw new AppError('auth.forbidden');
    await this.orm.em.fork().transactional(async (em) => {
      const tenant = await this.find(em, id);
      const affected = (await em.find(TenantMembership, { tenant }, { fields: ['user'] })).map((membership) => membership.user.id);
      await em.nativeDelete(Tenant, { id });
      await recordTenantDeleted(em, tenant, viewerChangeOrigin(viewer, via));
      for (const userId of new Set(affected)) await publishInTransaction(em, 'SESSION_CHANGED', userId, { userId, reason: 'tenant-deleted' });
    });
  }

  /**
   * GET api/:tenantId/change-log, Tenant.changeLog: one page of the tenant's change log, newest
   * first, for its owners and instance owners (others: forbidden, whether it exists or not).
   */
  async changeLog(viewer: Viewer, tenantId: string, query: TenantChangeLogQuery): Promise<TenantChangeLogPage> {
    if (!canManageTenant(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    const em = this.orm.em.fork();
    await this.find(em, tenantId);
    return readTenantChangeLog(em, tenantId, query);
  }

  /**
   * The tenant as a member change answers it over REST: in full (without secrets) for its owners
   * and instance owners, otherwise (members who manage members) its public fields; both with the
   * member and owner lists after the change.
   */
  async viewAfterMemberChange(viewer: Viewer, tenantId: string, members: MemberList) {
    const tenant = await this.find(this.orm.em.fork(), tenantId);
    if (canManageTenant(viewer.permissions, tenantId)) return tenantView(tenant, members, (await this.documentCounts([tenantId])).get(tenantId));
    return { ...publicTenant(tenant), users: members.users, ownerUserIds: members.owner };
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    tenants: TenantService;
  }
}
