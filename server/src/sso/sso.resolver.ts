import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { establishSession } from '../shared/http/session.js';
import { Session, toSession } from '../users/session.types.js';
import { User } from '../users/user.entity.js';
import { SsoConfigurationType } from './sso.types.js';

/** Single sign-on over GraphQL; the same SsoService as auth/sso/* of the REST facade. */
@Resolver()
export class SsoResolver {
  @Query(() => SsoConfigurationType, { description: "The provider's endpoints while single sign-on is active (else SSO_INACTIVE)." })
  ssoConfiguration(@Ctx() { services }: GraphQLContext): Promise<SsoConfigurationType> {
    return services.sso.configuration();
  }

  @Mutation(() => Session, {
    description:
      "Signs in with the provider's ID token (verified against its published keys) and starts a session. With the provider's refresh token the session ends once the provider revokes it (checked through a refresh at most every SSO_SESSION_CHECK_SECONDS).",
  })
  async ssoSignIn(
    @Arg('token') token: string,
    @Arg('refreshToken', () => String, { nullable: true }) refreshToken: string | null | undefined,
    @Ctx() { services, req }: GraphQLContext,
  ): Promise<Session> {
    const kept = services.ssoSessions.refreshTokenOf(refreshToken);
    const viewer = await services.sso.signIn(token);
    await establishSession(req, viewer.user.id, services.ssoSessions.sessionMarks(kept));
    await services.ssoSessions.bind(req.sessionID, viewer.user.id, kept);
    return toSession(viewer.user, viewer.permissions);
  }

  @Mutation(() => User, { description: 'Creates a verified single sign-on account from the ID token, with the mapped roles; does not sign in.' })
  ssoSignUp(@Arg('token') token: string, @Ctx() { services }: GraphQLContext): Promise<User> {
    return services.sso.signUp(token);
  }
}
