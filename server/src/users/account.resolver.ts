import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { clientIp, endSession } from '../shared/http/session.js';
import { requireViewer } from './actor.js';
import { DeleteMyAccountInput, PersonalDataType } from './personal-data.types.js';

/** The settings' own data download and account deletion; the same AccountSelfService as api/users/me. */
@Resolver()
export class AccountResolver {
  @Auth(AuthRule.AUTHENTICATED)
  @Query(() => PersonalDataType, { description: 'Everything the platform keeps about the signed-in user: account, tenants and roles, assigned bookings, pending links.' })
  async myPersonalData(@Ctx() context: GraphQLContext): Promise<PersonalDataType> {
    return context.services.account.personalData(await requireViewer(context));
  }

  @Auth(AuthRule.AUTHENTICATED)
  @Mutation(() => Boolean, {
    description:
      'Deletes the own account after the password (single sign-on: the e-mail address) is confirmed: memberships, ownerships and sessions end; assigned bookings stay with their tenants without the link. The last owner of a tenant and the only instance owner are refused (USER_LAST_TENANT_OWNER, USER_LAST_INSTANCE_OWNER); a wrong confirmation answers USER_CONFIRMATION_FAILED.',
  })
  async deleteMyAccount(@Arg('input', () => DeleteMyAccountInput) input: DeleteMyAccountInput, @Ctx() context: GraphQLContext): Promise<boolean> {
    const viewer = await requireViewer(context);
    await context.services.account.deleteOwnAccount(viewer, { ...input }, { ip: clientIp(context.req) }, 'graphql');
    await endSession(context.req);
    context.res?.clearCookie('connect.sid', { path: '/' });
    return true;
  }
}
