import { Arg, Ctx, Field, FieldResolver, Float, ID, InputType, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireViewer } from '../users/actor.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { presentFields } from '../shared/graphql/input.js';
import { Coupon, CouponType } from './coupon.entity.js';
import { isCouponActive, isCouponExhausted, isCouponValid } from './coupon.status.js';

@InputType({ description: 'A coupon to create or update. usedAmount and the owner are never set by clients.' })
export class CouponInput {
  @Field(() => ID, { nullable: true, description: 'The coupon number; empty on create generates an 8-character code. Required on update.' })
  id?: string;

  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => CouponType, { nullable: true, description: 'Default on create: fixed.' }) type?: CouponType;
  @Field(() => Float, { nullable: true, description: 'Required on create: percent 0–100 or euros ≥ 0.' }) discount?: number;
  @Field(() => Int, { nullable: true, description: 'Empty means unlimited.' }) maxAmount?: number;
  @Field(() => Date, { nullable: true }) validFrom?: Date;
  @Field(() => Date, { nullable: true }) validTo?: Date;
}

/**
 * Coupons over GraphQL; the same CouponService as REST api/{tenantId}/coupons. Every operation needs
 * a session; the service decides with the manageCoupons flags (ALLOW, ownership by ownerUserId).
 */
@Resolver(() => Coupon)
export class CouponResolver {
  @Auth(AuthRule.AUTHENTICATED)
  @Query(() => [Coupon], { description: "The tenant's coupons the viewer may read (manageCoupons read flags; owners all)." })
  async coupons(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<Coupon[]> {
    return context.services.coupons.list(await requireViewer(context), tenantId);
  }

  @Auth(AuthRule.COUPON_READER)
  @Query(() => Coupon, { description: 'One coupon by its number, valid or not (see the valid field).' })
  async coupon(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<Coupon> {
    return context.services.coupons.get(await requireViewer(context), tenantId, id);
  }

  @Auth(AuthRule.COUPON_CREATOR)
  @Mutation(() => Coupon, { description: 'Creates a coupon (manageCoupons.create); a number already used in the tenant is COUPON_CREATE_ERROR.' })
  async createCoupon(@Arg('tenantId', () => ID) tenantId: string, @Arg('input', () => CouponInput) input: CouponInput, @Ctx() context: GraphQLContext): Promise<Coupon> {
    return context.services.coupons.create(await requireViewer(context), tenantId, presentFields(input));
  }

  @Auth(AuthRule.COUPON_UPDATER)
  @Mutation(() => Coupon, { description: 'Updates the coupon with number input.id (updateAny, or updateOwn on an own coupon).' })
  async updateCoupon(@Arg('tenantId', () => ID) tenantId: string, @Arg('input', () => CouponInput) input: CouponInput, @Ctx() context: GraphQLContext): Promise<Coupon> {
    return context.services.coupons.update(await requireViewer(context), tenantId, presentFields(input));
  }

  @Auth(AuthRule.COUPON_DELETER)
  @Mutation(() => Boolean, { description: 'Deletes a coupon (deleteAny, or deleteOwn on an own coupon).' })
  async deleteCoupon(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    await context.services.coupons.remove(await requireViewer(context), tenantId, id);
    return true;
  }

  @FieldResolver(() => ID)
  tenantId(@Root() coupon: Coupon): string {
    return coupon.tenant.id;
  }

  @FieldResolver(() => Boolean, { description: 'Inside its validity period now (inactive before validFrom and after validTo).' })
  active(@Root() coupon: Coupon): boolean {
    return isCouponActive(coupon);
  }

  @FieldResolver(() => Boolean, { description: 'maxAmount set and not greater than usedAmount ("Keine Gutscheine mehr verfügbar").' })
  exhausted(@Root() coupon: Coupon): boolean {
    return isCouponExhausted(coupon);
  }

  @FieldResolver(() => Boolean, { description: 'Usable now: active and not used up.' })
  valid(@Root() coupon: Coupon): boolean {
    return isCouponValid(coupon);
  }
}
