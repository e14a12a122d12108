import type { MikroORM } from '@mikro-orm/postgresql';
import { mailSenderSettings, type MailDeliveryState } from '../mail/mail-sender.js';
import { fieldMessages, instanceSecretFields, MAX_TEMPLATE } from './instance-input.js';
import { instanceRow } from './instance-row.js';
import type { Instance } from './instance.entity.js';

/**
 * The instance's mail: whether mail leaves the instance at all, its own mail server (SMTP or the
 * Graph API) and the layout of its own mails (account mails).
 */

/** Writes a sent mail layout onto the instance; problems go into `fieldErrors`. */
export function applyMailTemplate(instance: Instance, mailTemplate: string | null | undefined, fieldErrors: Record<string, string>): void {
  if (mailTemplate === undefined) return;
  // The mail layout is HTML: kept as written (no trimming), only its length is bounded.
  if (mailTemplate !== null && typeof mailTemplate !== 'string') fieldErrors.mailTemplate = fieldMessages.text;
  else if ((mailTemplate ?? '').length > MAX_TEMPLATE) fieldErrors.mailTemplate = fieldMessages.templateTooLong;
  else instance.mailTemplate = mailTemplate ?? '';
}

/** The own mail server: when used, exactly one method (SMTP or Graph) must be complete. */
export function checkOwnMailServer(instance: Instance, fieldErrors: Record<string, string>): void {
  if (!instance.useOwnMailServer) return;
  // A missing secret is reported as "<field>Set" (the key of a secret never appears in an answer).
  const need = (field: keyof Instance, present: unknown) => {
    const key = (instanceSecretFields as readonly string[]).includes(field) ? `${field}Set` : field;
    if (!present && !fieldErrors[key]) fieldErrors[key] = fieldMessages.required;
  };
  need('noreplyMail', instance.noreplyMail);
  need('noreplyDisplayName', instance.noreplyDisplayName);
  if (instance.noreplyUseGraphApi) {
    need('noreplyGraphTenantId', instance.noreplyGraphTenantId);
    need('noreplyGraphClientId', instance.noreplyGraphClientId);
    need('noreplyGraphClientSecret', instance.noreplyGraphClientSecret);
  } else {
    need('noreplyHost', instance.noreplyHost);
    need('noreplyPort', instance.noreplyPort);
    need('noreplyUser', instance.noreplyUser);
    need('noreplyPassword', instance.noreplyPassword);
  }
}

/** What the mail service asks of the instance before each mail. */
export class InstanceMailSender {
  constructor(private readonly orm: MikroORM) {}

  /** Whether mail leaves the instance at all, and the instance's own server when it uses one. */
  async mailState(): Promise<MailDeliveryState> {
    const instance = await instanceRow(this.orm.em.fork());
    return { sendingEnabled: instance.mailEnabled, ownServer: mailSenderSettings(instance) };
  }

  /** The layout of the instance's own mails (account mails); empty means the bundled default. */
  async mailTemplate(): Promise<string> {
    return (await instanceRow(this.orm.em.fork())).mailTemplate;
  }
}
