import { UniqueConstraintViolationException, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import type { AppConfig } from '../config.js';
import { Instance } from '../instance/instance.entity.js';
import type { MailService } from '../mail/mail.service.js';
import { AppError } from '../shared/errors.js';
import type { RateLimiter } from '../shared/rate-limit.js';
import { HookType, UserHook } from './user-hook.entity.js';
import { AuthType, User } from './user.entity.js';
import { isEmail, normaliseEmail, validatePassword } from './validation.js';
import type { Viewer, ViewerService } from './viewer.service.js';

const HOOK_LIFETIME_MS = 48 * 60 * 60 * 1000;

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
 * Sign-up, sign-in, e-mail verification and password changes confirmed by mail. Sessions are the
 * transport's business (see shared/http/session.ts); this service decides who may sign in.
 */
export class AuthService {
  /** Verifying against this keeps the time of a sign-in for an unknown account like a real one. */
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly rateLimiter: RateLimiter,
    private readonly viewers: ViewerService,
  ) {
    this.dummyHash = hashPassword('timing-equaliser-password');
  }

  async signUp(input: SignUpInput): Promise<User> {
    const id = normaliseEmail(input.id ?? '');
    if (!id || !input.password || !input.firstName?.trim() || !input.lastName?.trim()) throw new AppError('register.missing-data');
    if (!isEmail(id)) throw new AppError('generic.validation', { detail: 'E-Mail muss gültig sein', fieldErrors: { id: 'E-Mail muss gültig sein' } });
    validatePassword(input.password);
    const em = this.orm.em.fork();
    const user = em.create(User, {
      id,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      company: input.company?.trim() ?? '',
      isVerified: false,
      authType: AuthType.local,
    });
    const hook = em.create(UserHook, { user, type: HookType.verify, expiresAt: new Date(Date.now() + HOOK_LIFETIME_MS) });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new AppError('register.user-exists');
      throw error;
    }
    await this.sendVerificationMail(user, hook);
    await this.notifyInstanceOfNewUser(user);
    return user;
  }

  /** The mail with the link that confirms the address (sign-up and "send again"). */
  private async sendVerificationMail(user: User, hook: UserHook): Promise<void> {
    await this.mail.send({
      to: user.id,
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      paragraphs: [
        `Hallo ${user.firstName} ${user.lastName},`,
        'vielen Dank für Ihre Registrierung. Bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link. Erst danach können Sie sich anmelden.',
        'Der Link ist 48 Stunden gültig.',
      ],
      link: { href: `${this.config.publicUrl}/auth/verify/${hook.id}`, label: 'E-Mail-Adresse bestätigen' },
    });
  }

  /**
   * "Bestätigungs-E-Mail erneut senden": a new verification link (48 h, earlier ones stay valid)
   * for an account whose address is not confirmed yet. Unknown, confirmed and unconfirmed addresses
   * get the same answer, so nobody learns whether an account exists; for the same reason the link
   * is stored and mailed after the answer, since its time or an SMTP failure would tell. Counted
   * per IP address with the budget of password-reset requests (each flow its own count).
   */
  async resendVerification(emailInput: string, client: ClientInfo): Promise<void> {
    const id = normaliseEmail(emailInput ?? '');
    if (!id) throw new AppError('register.missing-data');
    if (!isEmail(id)) throw new AppError('generic.validation', { detail: 'E-Mail muss gültig sein', fieldErrors: { email: 'E-Mail muss gültig sein' } });
    await this.rateLimiter.consume(`verify:${client.ip}`, this.config.rateLimit.resetPerWindow, this.config.rateLimit.windowSeconds);
    const em = this.orm.em.fork();
    const user = await em.findOne(User, { id });
    if (!user || user.isVerified || user.authType !== AuthType.local) return;
    void this.mailFreshVerificationLink(em, user).catch((error: unknown) => console.error(`[auth] Bestätigungs-E-Mail an ${user.id} nicht gesendet:`, error));
  }

  private async mailFreshVerificationLink(em: EntityManager, user: User): Promise<void> {
    const hook = em.create(UserHook, { user, type: HookType.verify, expiresAt: new Date(Date.now() + HOOK_LIFETIME_MS) });
    await em.flush();
    await this.sendVerificationMail(user, hook);
  }

  private async notifyInstanceOfNewUser(user: User): Promise<void> {
    const instance = await this.orm.em.fork().findOne(Instance, { id: 1 });
    if (!instance?.mailAddress) return;
    await this.mail.send({
      to: instance.mailAddress,
      subject: 'Ein neuer Benutzer wurde erstellt',
      paragraphs: [
        'Ein neuer Benutzer hat sich registriert:',
        `Name: ${user.firstName} ${user.lastName}`,
        `Firma: ${user.company || '–'}`,
        `E-Mail: ${user.id}`,
        `Registriert am: ${user.created.toLocaleString('de-DE', { timeZone: 'Europe/Berlin' })}`,
      ],
    });
  }

  /** Checks the credentials; unknown account, wrong password, unverified or suspended all fail alike. */
  async signIn(idInput: string, password: string, client: ClientInfo): Promise<Viewer> {
    const id = normaliseEmail(idInput ?? '');
    if (!id || !password) throw new AppError('register.missing-data');
    const limitKey = `signin:${client.ip}:${id}`;
    await this.rateLimiter.consume(limitKey, this.config.rateLimit.signInPerWindow, this.config.rateLimit.windowSeconds);
    const em = this.orm.em.fork();
    const user = await em.findOne(User, { id }, { populate: ['passwordHash'] });
    const hash = user?.passwordHash ?? (await this.dummyHash);
    const passwordMatches = await argon2.verify(hash, password).catch(() => false);
    if (!user || !passwordMatches || !user.isVerified || user.isSuspended || user.authType !== AuthType.local) {
      throw new AppError('auth.login-failed');
    }
    await this.rateLimiter.reset(limitKey);
    const viewer = await this.viewers.load(user.id);
    if (!viewer) throw new AppError('auth.login-failed');
    return viewer;
  }

  /**
   * Starts a password change: the new password's hash waits in a hook until the link mailed to the
   * account is opened. Used by "forgot password" and by the account settings alike.
   */
  async requestPasswordChange(idInput: string, newPassword: string, client: ClientInfo): Promise<void> {
    const id = normaliseEmail(idInput ?? '');
    if (!id || !newPassword) throw new AppError('register.missing-data');
    await this.rateLimiter.consume(`reset:${client.ip}`, this.config.rateLimit.resetPerWindow, this.config.rateLimit.windowSeconds);
    validatePassword(newPassword);
    const em = this.orm.em.fork();
    const user = await em.findOne(User, { id });
    if (!user) throw new AppError('password-reset.wrong-email');
    if (user.authType !== AuthType.local) throw new AppError('auth.forbidden', { detail: 'Das Passwort wird beim Single Sign-on-Anbieter verwaltet.' });
    const hook = em.create(UserHook, {
      user,
      type: HookType.resetPassword,
      payload: await hashPassword(newPassword),
      expiresAt: new Date(Date.now() + HOOK_LIFETIME_MS),
    });
    await em.flush();
    await this.mail.send({
      to: user.id,
      subject: 'Bestätigen Sie die Änderung Ihres Kennworts',
      paragraphs: [
        `Hallo ${user.firstName} ${user.lastName},`,
        'für Ihr Konto wurde ein neues Kennwort angefordert. Bestätigen Sie die Änderung über den folgenden Link; erst dann gilt das neue Kennwort.',
        'Wenn Sie die Änderung nicht angefordert haben, ignorieren Sie diese E-Mail. Ihr bisheriges Kennwort bleibt dann gültig.',
      ],
      link: { href: `${this.config.publicUrl}/auth/reset/${hook.id}`, label: 'Änderung bestätigen' },
    });
  }

  /** Carries out a mailed link: verifies the address or applies the new password. */
  async releaseHook(hookId: string): Promise<HookType> {
    if (!/^[0-9a-f-]{36}$/i.test(hookId)) throw new AppError('hook.invalid');
    return this.orm.em.fork().transactional(async (em) => {
      const hook = await em.findOne(UserHook, { id: hookId }, { populate: ['user', 'payload'] });
      if (!hook || hook.expiresAt.getTime() < Date.now()) throw new AppError('hook.invalid');
      if (hook.type === HookType.verify) {
        hook.user.isVerified = true;
      } else {
        hook.user.passwordHash = hook.payload;
        // Confirming through the mailed link proves the address as well.
        hook.user.isVerified = true;
        await em.nativeDelete(UserHook, { user: hook.user, type: HookType.resetPassword, id: { $ne: hook.id } });
        // Whoever knew the old password is signed out everywhere.
        await em.getConnection().execute(`delete from sessions where sess->>'userId' = ?`, [hook.user.id]);
      }
      em.remove(hook);
      return hook.type;
    });
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    auth: AuthService;
  }
}
