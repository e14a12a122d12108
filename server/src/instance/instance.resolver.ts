import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requireViewer } from '../users/actor.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { InstanceInput, InstanceSettings, PublicInstance } from './instance.types.js';

@Resolver()
export class InstanceResolver {
  @Query(() => PublicInstance, { description: 'Public data of the instance (contact, privacy and imprint links, single sign-on entry).' })
  publicInstance(@Ctx() { services }: GraphQLContext): Promise<PublicInstance> {
    return services.instance.getPublic();
  }

  @Auth(AuthRule.INSTANCE_OWNER)
  @Query(() => InstanceSettings, { description: 'The instance settings; secrets are reported as set or not set.' })
  async instanceSettings(@Ctx() context: GraphQLContext): Promise<InstanceSettings> {
    return context.services.instance.settings(await requireViewer(context));
  }

  @Auth(AuthRule.INSTANCE_OWNER)
  @Mutation(() => InstanceSettings, { description: 'Changes the fields given; secrets left out (or empty) stay as stored.' })
  async updateInstance(@Arg('input', () => InstanceInput) input: InstanceInput, @Ctx() context: GraphQLContext): Promise<InstanceSettings> {
    return context.services.instance.update(await requireViewer(context), { ...input, sso: input.sso ? { ...input.sso } : input.sso });
  }
}
