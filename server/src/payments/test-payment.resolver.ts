import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../shared/graphql/context.js';

/** Whether this instance offers the built-in test provider, so the tenant editor shows it only then. */
@Resolver()
export class TestPaymentResolver {
  @Query(() => Boolean, { description: 'Whether tenants may set up the built-in test provider ("Testzahlung"): outside production only.' })
  testPaymentOffered(@Ctx() { services }: GraphQLContext): boolean {
    return services.config.payments.testProvider;
  }
}
