import { Arg, Ctx, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireViewer } from './actor.js';
import { AppError } from '../shared/errors.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { clientIp, endSession, establishSession } from '../shared/http/session.js';
import type { Topics } from '../shared/pubsub.js';
import { ProfileInput, Session, SignUpInput, toSession } from './session.types.js';
import { User } from './user.entity.js';

/** Accounts and sessions over GraphQL; the same AuthService and UserService as the REST facade. */
@Resolver()
export class AuthResolver {
  @Query(() => Session, { nullable: true, description: 'The signed-in user with permissions, or null when nobody is signed in.' })
  async me(@Ctx() context: GraphQLContext): Promise<Session | null> {
    const viewer = await context.viewer();
    return viewer ? toSession(viewer.user, viewer.permissions) : null;
  }

  @Mutation(() => Boolean, { description: 'Creates an unverified account and mails the verification link.' })
  async signUp(@Arg('input', () => SignUpInput) input: SignUpInput, @Ctx() { services }: GraphQLContext): Promise<boolean> {
    await services.auth.signUp(input);
    return true;
  }

  @Mutation(() => Session, { description: 'Signs in and starts a new session (cookie).' })
  async signIn(@Arg('id') id: string, @Arg('password') password: string, @Ctx() { services, req }: GraphQLContext): Promise<Session> {
    const viewer = await services.auth.signIn(id, password, { ip: clientIp(req) });
    await establishSession(req, viewer.user.id);
    return toSession(viewer.user, viewer.permissions);
  }

  @Mutation(() => Boolean, { description: 'Ends the session and clears its cookie; true also when there was none.' })
  async signOut(@Ctx() { req, res }: GraphQLContext): Promise<boolean> {
    await endSession(req);
    res?.clearCookie('connect.sid', { path: '/' });
    return true;
  }

  @Mutation(() => Boolean, {
    description:
      'Mails a single-use link (valid 60 minutes) to the account; the new password is chosen on the page it opens (resetPassword). An unknown address answers PASSWORD_RESET_WRONG_EMAIL.',
  })
  async requestPasswordReset(@Arg('id') id: string, @Ctx() { services, req }: GraphQLContext): Promise<boolean> {
    await services.auth.requestPasswordReset(id, { ip: clientIp(req) });
    return true;
  }

  @Mutation(() => Boolean, {
    deprecationReason: 'Use requestPasswordReset; the new password is chosen on the page of the mailed link.',
    description: 'The same as requestPasswordReset; a password sent along is ignored.',
  })
  async requestPasswordChange(
    @Arg('id') id: string,
    @Arg('password', () => String, { nullable: true, deprecationReason: 'Ignored.' }) _password: string | null | undefined,
    @Ctx() { services, req }: GraphQLContext,
  ): Promise<boolean> {
    await services.auth.requestPasswordReset(id, { ip: clientIp(req) });
    return true;
  }

  @Mutation(() => Boolean, {
    description:
      'Sets a new password with the token of a reset link. The link is used up; every session of the account ends. An unknown, used or expired token answers HOOK_INVALID.',
  })
  async resetPassword(@Arg('token') token: string, @Arg('password') password: string, @Ctx() { services, req }: GraphQLContext): Promise<boolean> {
    await services.auth.resetPassword(token, password, { ip: clientIp(req) });
    return true;
  }

  @Mutation(() => Boolean, { description: 'Confirms the address with the token of a verification link. An unknown, used or expired token answers HOOK_INVALID.' })
  async confirmEmail(@Arg('token') token: string, @Ctx() { services, req }: GraphQLContext): Promise<boolean> {
    await services.auth.confirmEmail(token, { ip: clientIp(req) });
    return true;
  }

  @Mutation(() => Boolean, {
    description:
      'Mails a new verification link to an account whose address is not confirmed yet. Always true (also for unknown and confirmed addresses), so it tells nobody whether an account exists.',
  })
  async resendVerificationMail(@Arg('email') email: string, @Ctx() { services, req }: GraphQLContext): Promise<boolean> {
    await services.auth.resendVerification(email, { ip: clientIp(req) });
    return true;
  }

  @Auth(AuthRule.AUTHENTICATED)
  @Mutation(() => User, { description: 'Changes the own profile; the e-mail address stays.' })
  async updateProfile(@Arg('input', () => ProfileInput) input: ProfileInput, @Ctx() context: GraphQLContext): Promise<User> {
    const viewer = await requireViewer(context);
    return context.services.users.updateOwnProfile(viewer, { ...input });
  }

  @Auth(AuthRule.AUTHENTICATED)
  @Subscription(() => Session, {
    description: "Fires with the fresh session whenever the signed-in user's profile or permissions change.",
    subscribe: async ({ context }) => {
      const viewer = await requireViewer(context as GraphQLContext);
      return (context as GraphQLContext).services.pubSub.subscribe('SESSION_CHANGED', viewer.user.id);
    },
  })
  async sessionChanged(@Root() event: Topics['SESSION_CHANGED'][1], @Ctx() { services }: GraphQLContext): Promise<Session> {
    const viewer = await services.viewers.load(event.userId);
    if (!viewer) throw new AppError('auth.session-expired');
    return toSession(viewer.user, viewer.permissions);
  }
}
