import type { MikroORM } from '@mikro-orm/postgresql';
import type { Permissions } from '../shared/permissions/model.js';
import { Tenant } from './tenant.entity.js';

/** The public part of a tenant (rest-contract 4.1, publicTenants=true). */
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
    defaultEventCreationMode: tenant.defaultEventCreationMode,
    enablePublicStatusView: tenant.enablePublicStatusView,
  };
}

export class TenantService {
  constructor(private readonly orm: MikroORM) {}

  /** The tenants a user belongs to (member or owner), sorted by name; instance owners see all. */
  async listForViewer(permissions: Permissions, onlyOwn = true): Promise<Tenant[]> {
    const em = this.orm.em.fork();
    if (permissions.instanceOwner && !onlyOwn) return em.find(Tenant, {}, { orderBy: { name: 'asc' } });
    const ids = permissions.tenants.map((entry) => entry.tenantId);
    if (ids.length === 0) return [];
    return em.find(Tenant, { id: { $in: ids } }, { orderBy: { name: 'asc' } });
  }
}
