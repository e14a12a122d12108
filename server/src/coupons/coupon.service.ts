import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomInt } from 'node:crypto';
import { AppError } from '../shared/errors.js';
import type { Action } from '../../../common/permissions/model.js';
import { can, isTenantMember } from '../../../common/permissions/permissions.js';
import { Tenant } from '../tenants/tenant.entity.js';
import type { Viewer } from '../users/viewer.service.js';
import { Coupon } from './coupon.entity.js';
import { isCouponValid } from './coupon.status.js';
import { couponChanges } from './coupon.validation.js';

/** The REST shape of a coupon: id is the number, times are epoch ms. */
export function couponView(coupon: Coupon) {
  return {
    id: coupon.code,
    tenantId: coupon.tenant.id,
    description: coupon.description,
    type: coupon.type,
    discount: coupon.discount,
    maxAmount: coupon.maxAmount ?? null,
    usedAmount: coupon.usedAmount,
    validFrom: coupon.validFrom ? coupon.validFrom.getTime() : null,
    validTo: coupon.validTo ? coupon.validTo.getTime() : null,
    ownerUserId: coupon.ownerUserId ?? null,
  };
}

/** Generated coupon numbers: 8 characters without easily confused ones (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const CODE_ATTEMPTS = 10;

export function randomCouponCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

const allowed = (viewer: Viewer, action: Action, coupon: Coupon) =>
  can(viewer.permissions, viewer.user.id, action, 'manageCoupons', { tenantId: coupon.tenant.id, ownerUserId: coupon.ownerUserId });

/**
 * Coupons per tenant (docs/administration.md, “Coupons”): every operation
 * needs a session and the manageCoupons rights via ALLOW, ownership by ownerUserId (the creator).
 */
export class CouponService {
  constructor(private readonly orm: MikroORM) {}

  async list(viewer: Viewer, tenantId: string): Promise<Coupon[]> {
    if (!isTenantMember(viewer.permissions, tenantId)) return [];
    const coupons = await this.orm.em.fork().find(Coupon, { tenant: tenantId }, { orderBy: { code: 'asc' } });
    return coupons.filter((coupon) => allowed(viewer, 'read', coupon));
  }

  /** One coupon; with `requireValid` (REST GET by number) a used-up or expired one is refused. */
  async get(viewer: Viewer, tenantId: string, code: string, options: { requireValid?: boolean } = {}): Promise<Coupon> {
    const coupon = await this.find(this.orm.em.fork(), viewer, tenantId, code);
    if (!allowed(viewer, 'read', coupon)) throw new AppError('auth.forbidden');
    if (options.requireValid && !isCouponValid(coupon)) throw new AppError('coupon.not-available');
    return coupon;
  }

  /**
   * A new coupon: the number given (unique in the tenant, else coupon.create.error) or a generated
   * one; usedAmount starts at 0 and the viewer becomes its owner.
   */
  async create(viewer: Viewer, tenantId: string, input: Record<string, unknown>): Promise<Coupon> {
    this.requireTenantAccess(viewer, tenantId);
    if (!can(viewer.permissions, viewer.user.id, 'create', 'manageCoupons', { tenantId })) throw new AppError('auth.forbidden');
    const changes = couponChanges(input, null);
    const em = this.orm.em.fork();
    const tenant = await em.findOne(Tenant, { id: tenantId });
    if (!tenant) throw new AppError('generic.not-found');

    const given = changes.code;
    for (let attempt = 0; attempt < (given ? 1 : CODE_ATTEMPTS); attempt += 1) {
      const code = given ?? randomCouponCode();
      if (await em.count(Coupon, { tenant: tenantId, code })) continue;
      const coupon = em.create(Coupon, { ...changes, code, tenant: em.getReference(Tenant, tenant.id), usedAmount: 0, ownerUserId: viewer.user.id });
      try {
        await em.flush();
        return coupon;
      } catch (error) {
        // Someone else took the number between the check and the insert.
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
        em.clear();
      }
    }
    throw new AppError('coupon.create.error');
  }

  /** Changes the coupon with number `input.id`; its owner and usedAmount stay as stored. */
  async update(viewer: Viewer, tenantId: string, input: Record<string, unknown>): Promise<Coupon> {
    const em = this.orm.em.fork();
    const coupon = await this.find(em, viewer, tenantId, typeof input.id === 'string' ? input.id.trim() : '');
    if (!allowed(viewer, 'update', coupon)) throw new AppError('auth.forbidden');
    const changes = couponChanges(input, coupon);
    const { code: _code, ...rest } = changes;
    Object.assign(coupon, rest);
    await em.flush();
    return coupon;
  }

  /** PUT api/{tenantId}/coupons: an existing number updates, anything else creates. */
  async save(viewer: Viewer, tenantId: string, input: Record<string, unknown>): Promise<{ coupon: Coupon; created: boolean }> {
    this.requireTenantAccess(viewer, tenantId);
    const code = typeof input.id === 'string' ? input.id.trim() : '';
    const exists = code !== '' && (await this.orm.em.fork().count(Coupon, { tenant: tenantId, code })) > 0;
    if (exists) return { coupon: await this.update(viewer, tenantId, input), created: false };
    return { coupon: await this.create(viewer, tenantId, input), created: true };
  }

  async remove(viewer: Viewer, tenantId: string, code: string): Promise<void> {
    const em = this.orm.em.fork();
    const coupon = await this.find(em, viewer, tenantId, code);
    if (!allowed(viewer, 'delete', coupon)) throw new AppError('auth.forbidden');
    await em.nativeDelete(Coupon, { key: coupon.key });
  }

  private requireTenantAccess(viewer: Viewer, tenantId: string): void {
    if (!isTenantMember(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
  }

  /** The coupon of this tenant; outsiders learn nothing about what exists (403 before 404). */
  private async find(em: EntityManager, viewer: Viewer, tenantId: string, code: string): Promise<Coupon> {
    this.requireTenantAccess(viewer, tenantId);
    const coupon = code ? await em.findOne(Coupon, { tenant: tenantId, code }) : null;
    if (!coupon) throw new AppError('generic.not-found');
    return coupon;
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    coupons: CouponService;
  }
}
