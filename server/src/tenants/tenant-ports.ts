import type { EntityManager } from '@mikro-orm/postgresql';
import type { Viewer } from '../users/viewer.service.js';
import type { TenantChangeOrigin } from './tenant-change-log.js';
import type { TenantChangeVia } from '../../../common/tenants/change-log.js';
import type { Tenant } from './tenant.entity.js';

/**
 * What the tenants domain needs from the domains above it, as ports they answer.
 *
 * A tenant's settings may be saved together with its workflow, in one transaction. The workflow
 * domain sits above this one and answers through this port; what a workflow input holds is its
 * business, so it travels through here unread.
 */
export interface TenantWorkflow {
  /** Creates or updates the tenant's workflow in the caller's transaction; checks the input and records the change in the tenant's change log. */
  saveIn(em: EntityManager, tenant: Tenant, input: WorkflowInputOfTenant, origin: TenantChangeOrigin): Promise<unknown>;
  /** The same in a transaction of its own, with the right to configure the workflow checked. */
  save(viewer: Viewer, tenantId: string, input: WorkflowInputOfTenant, via: TenantChangeVia): Promise<unknown>;
}

/** A workflow input as the tenant's update carries it (checked by the workflow domain). */
export type WorkflowInputOfTenant = object;

/** The instance's limit on the number of tenants; the instance domain, above, answers. */
export interface TenantQuota {
  /** null: unlimited. */
  maxTenants(em: EntityManager): Promise<number | null>;
}
