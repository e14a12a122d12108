import type { MikroORM } from '@mikro-orm/postgresql';
import type { OutgoingMail } from '../mail/mail.service.js';
import type { Job, JobHandler } from '../shared/jobs.js';
import type { AccountTokens } from './account-tokens.js';
import { HookType } from './user-hook.entity.js';
import { AuthType, User } from './user.entity.js';
import type { PlatformAccounts } from './platform-accounts.js';

/**
 * The account mails (verification link, password-reset link, the instance's notice of a new
 * account) as durable jobs: the request that asks for one enqueues the job in its own transaction
 * and answers; the job issues the link's token and sends. An unreachable mail server therefore
 * neither fails the request nor loses the mail: the job is retried until the mail is out. A token is
 * stored together with sending its mail (rolled back when sending fails), so a retry never leaves a
 * link that was issued but not mailed.
 */

export const ACCOUNT_VERIFICATION_MAIL_JOB = 'account-verification-mail';
export const ACCOUNT_PASSWORD_RESET_MAIL_JOB = 'account-password-reset-mail';
export const ACCOUNT_NEW_USER_NOTICE_JOB = 'account-new-user-notice';

/** A verification link for the address, if it belongs to a local account that is not confirmed yet. */
export const verificationMailJob = (userId: string): Job => ({ name: ACCOUNT_VERIFICATION_MAIL_JOB, payload: { userId } });
export const passwordResetMailJob = (userId: string): Job => ({ name: ACCOUNT_PASSWORD_RESET_MAIL_JOB, payload: { userId } });
export const newUserNoticeJob = (userId: string): Job => ({ name: ACCOUNT_NEW_USER_NOTICE_JOB, payload: { userId } });

/** Sends one mail in the instance's layout; the MailService in production. */
export interface AccountMailer {
  send(mail: OutgoingMail): Promise<void>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export class AccountMails {
  constructor(
    private readonly orm: MikroORM,
    private readonly mailer: AccountMailer,
    private readonly tokens: AccountTokens,
    private readonly publicUrl: string,
    private readonly platform: PlatformAccounts,
  ) {}

  /** The job handlers by name, for the process's job worker. */
  handlers(): Record<string, JobHandler> {
    return {
      [ACCOUNT_VERIFICATION_MAIL_JOB]: (payload) => this.sendVerificationLink(text(payload.userId)),
      [ACCOUNT_PASSWORD_RESET_MAIL_JOB]: (payload) => this.sendPasswordResetLink(text(payload.userId)),
      [ACCOUNT_NEW_USER_NOTICE_JOB]: (payload) => this.sendNewUserNotice(text(payload.userId)),
    };
  }

  /** Nothing for an unknown, confirmed or single sign-on address (a resend request names any address). */
  private async sendVerificationLink(userId: string): Promise<void> {
    await this.mailLink(userId, HookType.verify, (user) => !user.isVerified, (user, token) => ({
      to: user.id,
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      paragraphs: [
        `Hallo ${user.firstName} ${user.lastName},`,
        'vielen Dank für Ihre Registrierung. Bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link. Erst danach können Sie sich anmelden.',
        'Der Link ist 48 Stunden gültig.',
      ],
      link: { href: `${this.publicUrl}/email/verify?token=${token}`, label: 'E-Mail-Adresse bestätigen' },
    }));
  }

  private async sendPasswordResetLink(userId: string): Promise<void> {
    await this.mailLink(userId, HookType.resetPassword, () => true, (user, token) => ({
      to: user.id,
      subject: 'Zurücksetzen Ihres Kennworts',
      paragraphs: [
        `Hallo ${user.firstName} ${user.lastName},`,
        'für Ihr Konto wurde ein neues Kennwort angefordert. Über den folgenden Link legen Sie es fest.',
        'Der Link ist 60 Minuten gültig und funktioniert nur einmal; ein später angeforderter Link ersetzt ihn.',
        'Wenn Sie kein neues Kennwort angefordert haben, ignorieren Sie diese E-Mail. Ihr bisheriges Kennwort bleibt dann gültig.',
      ],
      link: { href: `${this.publicUrl}/password/new?token=${token}`, label: 'Neues Kennwort festlegen' },
    }));
  }

  /**
   * Mails a link with a fresh token to a local account that still needs it. The token is committed
   * before the mail goes out, so a link followed the moment it arrives finds it; a mail that cannot
   * be sent withdraws its token again (the job's retry issues a new one), so no link exists that
   * nobody received.
   */
  private async mailLink(userId: string, type: HookType, needsLink: (user: User) => boolean, compose: (user: User, token: string) => OutgoingMail): Promise<void> {
    const issued = await this.orm.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, { id: userId });
      if (!user || user.authType !== AuthType.local || !needsLink(user)) return null;
      return { user, token: await this.tokens.issue(em, user, type) };
    });
    if (!issued) return;
    try {
      await this.mailer.send(compose(issued.user, issued.token));
    } catch (error) {
      await this.tokens.withdraw(this.orm.em.fork(), issued.token);
      throw error;
    }
  }

  private async sendNewUserNotice(userId: string): Promise<void> {
    const em = this.orm.em.fork();
    const noticeAddress = await this.platform.newAccountNoticeAddress(em);
    const user = noticeAddress ? await em.findOne(User, { id: userId }) : null;
    if (!noticeAddress || !user) return;
    await this.mailer.send({
      to: noticeAddress,
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
}
