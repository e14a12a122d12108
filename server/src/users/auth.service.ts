import { UniqueConstraintViolationException, type MikroORM } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import type { AppConfig } from '../config.js';
import { AppError } from '../shared/errors.js';
import { endAllSessionsOf } from '../shared/http/session.js';
import { enqueueJobs } from '../shared/jobs.js';
import type { RateLimiter } from '../shared/rate-limit.js';
import type { AccountTokens } from './account-tokens.js';
import { newUserNoticeJob, passwordResetMailJob, verificationMailJob } from './account.mails.js';
import { HookType, UserHook } from './user-hook.entity.js';
import { AuthType, User } from './user.entity.js';
import { accountMessages } from '../../../common/users/account.js';
import { invisibleControlsError, invisibleControlsMessage } from '../../../common/validation/text.js';
import { isEmail, normaliseEmail, validatePassword } from './validation.js';
import type { Viewer, ViewerService } from './viewer.service.js';

/** Argon2id with the OWASP-recommended memory cost. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

export interface SignUpInput {
  id: string;
  password: string;
  firstName: string;
  lastName: string;
  company?: string | null;
}

/** Who is making an attempt, for rate limiting. */
export interface ClientInfo {
  ip: string;
}

/**
 * Sign-up, sign-in, e-mail verification and password reset. Sessions are the transport's business
 * (see shared/http/session.ts); this service decides who may sign in. Mails go through the job
 * queue (account.mails.ts), enqueued in the transaction of the change that asks for them.
 */
export class AuthService {
  /** Verifying against this keeps the time of a sign-in for an unknown account like a real one. */
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly rateLimiter: RateLimiter,
    private readonly viewers: ViewerService,
    private readonly tokens: AccountTokens,
  ) {
    this.dummyHash = hashPassword('timing-equaliser-password');
  }

  /** Creates the unconfirmed account; its verification link and the instance's notice follow as jobs. */
  async signUp(input: SignUpInput): Promise<User> {
    const id = normaliseEmail(input.id ?? '');
    if (!id || !input.password || !input.firstName?.trim() || !input.lastName?.trim()) throw new AppError('register.missing-data');
    if (!isEmail(id)) throw new AppError('generic.validation', { detail: accountMessages.emailInvalid, fieldErrors: { id: accountMessages.emailInvalid } });
    const nameErrors = Object.fromEntries((['firstName', 'lastName', 'company'] as const).filter((field) => invisibleControlsError(input[field])).map((field) => [field, invisibleControlsMessage]));
    if (Object.keys(nameErrors).length > 0) throw new AppError('generic.validation', { fieldErrors: nameErrors });
    validatePassword(input.password);
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.orm.em.fork().transactional(async (em) => {
        const user = em.create(User, {
          id,
          passwordHash,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          company: input.company?.trim() ?? '',
          isVerified: false,
          authType: AuthType.local,
        });
        await em.flush();
        await enqueueJobs(em, [verificationMailJob(user.id), newUserNoticeJob(user.id)]);
        return user;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new AppError('register.user-exists');
      throw error;
    }
  }

  /**
   * "Bestätigungs-E-Mail erneut senden": a new verification link (48 h, earlier ones stay valid)
   * for an account whose address is not confirmed yet. Unknown, confirmed and unconfirmed addresses
   * get the same answer after the same work (one job, which decides whether to mail), so neither
   * the answer nor its time tells whether an account exists. Counted per IP address with the budget
   * of password-reset requests (each flow its own count).
   */
  async resendVerification(emailInput: string, client: ClientInfo): Promise<void> {
    const id = normaliseEmail(emailInput ?? '');
    if (!id) throw new AppError('register.missing-data');
    if (!isEmail(id)) throw new AppError('generic.validation', { detail: accountMessages.emailInvalid, fieldErrors: { email: accountMessages.emailInvalid } });
    await this.rateLimiter.consume(`verify:${client.ip}`, this.config.rateLimit.resetPerWindow, this.config.rateLimit.windowSeconds);
    await this.orm.em.fork().transactional((em) => enqueueJobs(em, [verificationMailJob(id)]));
  }

  /** The button of the verification link's page: confirms the address; the account's other verification links are void then. */
  async confirmEmail(token: string, client: ClientInfo): Promise<void> {
    if (!token) throw new AppError('register.missing-data');
    await this.withTokenAttempt(client, () =>
      this.orm.em.fork().transactional(async (em) => {
        const userId = await this.tokens.redeem(em, token, HookType.verify);
        if (!userId) throw new AppError('hook.invalid');
        await em.nativeUpdate(User, { id: userId }, { isVerified: true });
        await em.nativeDelete(UserHook, { user: userId, type: HookType.verify });
      }),
    );
  }

  /**
   * Checks the credentials; unknown account, wrong password, unverified or suspended all fail alike.
   * Attempts are limited per address and account, and per address across accounts (password
   * spraying: one password tried on many accounts); a successful sign-in clears its account's count
   * and takes its attempt back from the address's, so only failures use that up.
   */
  async signIn(idInput: string, password: string, client: ClientInfo): Promise<Viewer> {
    const id = normaliseEmail(idInput ?? '');
    if (!id || !password) throw new AppError('register.missing-data');
    const addressKey = `signin-address:${client.ip}`;
    const limitKey = `signin:${client.ip}:${id}`;
    await this.rateLimiter.consume(addressKey, this.config.rateLimit.signInPerAddress, this.config.rateLimit.windowSeconds);
    await this.rateLimiter.consume(limitKey, this.config.rateLimit.signInPerWindow, this.config.rateLimit.windowSeconds);
    const em = this.orm.em.fork();
    const user = await em.findOne(User, { id }, { populate: ['passwordHash'] });
    const hash = user?.passwordHash ?? (await this.dummyHash);
    const passwordMatches = await argon2.verify(hash, password).catch(() => false);
    if (!user || !passwordMatches || !user.isVerified || user.isSuspended || user.authType !== AuthType.local) {
      throw new AppError('auth.login-failed');
    }
    await this.rateLimiter.reset(limitKey);
    await this.rateLimiter.refund(addressKey);
    const viewer = await this.viewers.load(user.id);
    if (!viewer) throw new AppError('auth.login-failed');
    return viewer;
  }

  /**
   * "Passwort vergessen" and the settings' "Passwort ändern": names only the account; the job mails
   * a single-use link (60 minutes) to its address, where the mailbox holder chooses the new password.
   * Nothing changes until that password is sent with the link's token.
   */
  async requestPasswordReset(idInput: string, client: ClientInfo): Promise<void> {
    const id = normaliseEmail(idInput ?? '');
    if (!id) throw new AppError('register.missing-data');
    await this.rateLimiter.consume(`reset:${client.ip}`, this.config.rateLimit.resetPerWindow, this.config.rateLimit.windowSeconds);
    await this.orm.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, { id });
      if (!user) throw new AppError('password-reset.wrong-email');
      if (user.authType !== AuthType.local) throw new AppError('auth.forbidden', { detail: 'Das Passwort wird beim Single Sign-on-Anbieter verwaltet.' });
      await enqueueJobs(em, [passwordResetMailJob(user.id)]);
    });
  }

  /**
   * Sets the new password with the token of a reset link. The token is used up (and with it every
   * other reset link of the account), the address counts as confirmed (the link reached it), and
   * every session of the account ends: whoever knew the old password is signed out everywhere.
   */
  async resetPassword(token: string, newPassword: string, client: ClientInfo): Promise<void> {
    if (!token || !newPassword) throw new AppError('register.missing-data');
    // Checked before the token is used, so a refused password leaves the link working.
    validatePassword(newPassword);
    const passwordHash = await hashPassword(newPassword);
    await this.withTokenAttempt(client, () => this.orm.em.fork().transactional(async (em) => {
      const userId = await this.tokens.redeem(em, token, HookType.resetPassword);
      if (!userId) throw new AppError('hook.invalid');
      const user = await em.findOne(User, { id: userId });
      if (!user || user.authType !== AuthType.local) throw new AppError('hook.invalid');
      user.passwordHash = passwordHash;
      user.isVerified = true;
      await em.flush();
      await em.nativeDelete(UserHook, { user, type: HookType.resetPassword });
      await endAllSessionsOf(em, user.id, 'password-reset');
    }));
  }

  /**
   * Submissions of a mailed link's token are counted per IP address with the budget of sign-in
   * attempts; a token that worked was no guess and is taken back, so only wrong ones use it up.
   */
  private async withTokenAttempt(client: ClientInfo, work: () => Promise<void>): Promise<void> {
    const key = `token:${client.ip}`;
    await this.rateLimiter.consume(key, this.config.rateLimit.signInPerWindow, this.config.rateLimit.windowSeconds);
    await work();
    await this.rateLimiter.refund(key);
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    auth: AuthService;
  }
}
