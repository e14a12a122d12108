import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { PublicInstance } from './instance.entity.js';

@Resolver()
export class InstanceResolver {
  @Query(() => PublicInstance, { description: 'Public data of the instance (contact, privacy and imprint links).' })
  publicInstance(@Ctx() { services }: GraphQLContext): Promise<PublicInstance> {
    return services.instance.getPublic();
  }
}
