import { DecimalType, Entity, Enum, ManyToOne, PrimaryKey, Property, Unique, type Opt, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Tenant } from '../tenants/tenant.entity.js';

export enum CouponType {
  percentage = 'percentage',
  fixed = 'fixed',
}
registerEnumType(CouponType, { name: 'CouponType', description: 'percentage: discount in %; fixed: discount in EUR.' });

/**
 * A tenant's coupon. The coupon number (`code`, shown as `id` in GraphQL and REST) is free text and
 * unique per tenant (the unique index also serves lookups by tenant); the surrogate key keeps
 * relations simple.
 */
@ObjectType({ description: 'A coupon of a tenant; id is the coupon number.' })
@Entity({ tableName: 'coupons' })
@Unique({ name: 'coupons_tenant_id_code_unique', properties: ['tenant', 'code'] })
export class Coupon {
  @PrimaryKey({ type: 'uuid' })
  key: Opt<string> = randomUUID();

  @ManyToOne(() => Tenant, { deleteRule: 'cascade' })
  tenant!: Rel<Tenant>;

  @Field(() => ID, { name: 'id', description: 'The coupon number, unique within the tenant.' })
  @Property({ type: 'text' })
  code!: string;

  @Field(() => String)
  @Property({ type: 'text', default: '' })
  description: Opt<string> = '';

  @Field(() => CouponType)
  @Enum({ items: () => CouponType, nativeEnumName: undefined, default: CouponType.fixed })
  type: Opt<CouponType> = CouponType.fixed;

  /** Percent (0–100) or euros, exact to the cent. */
  @Field(() => Float)
  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, default: 0 })
  discount: Opt<number> = 0;

  @Field(() => Int, { nullable: true, description: 'How often the coupon may be used; empty means unlimited.' })
  @Property({ type: 'integer', nullable: true })
  maxAmount?: number | null;

  @Field(() => Int)
  @Property({ type: 'integer', default: 0 })
  usedAmount: Opt<number> = 0;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  validFrom?: Date | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  validTo?: Date | null;

  @Field(() => String, { nullable: true, description: 'Who created the coupon; the "own" flags of manageCoupons match on it.' })
  @Property({ type: 'text', nullable: true })
  ownerUserId?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
