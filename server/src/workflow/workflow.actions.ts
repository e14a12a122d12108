import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { mailSenderSettings, type MailSenderSettings } from '../mail/mail-sender.js';
import { mailContent, type OutgoingMail, type RenderedMail } from '../mail/mail.service.js';
import { isUuid } from '../shared/ids.js';
import { enqueueJobs, type Job, type JobHandler } from '../shared/jobs.js';
import { TenantMembership } from '../tenants/membership.entity.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { BACKLOG_NAME } from './workflow.board.js';
import { Workflow, type WorkflowActionData } from './workflow.entity.js';

/**
 * The e-mail actions of a state a booking enters, as durable jobs: the
 * move enqueues one job in its own transaction; that job, once the move has committed, splits into
 * one job per mail, each retried on its own until it succeeds. A failing mail server therefore
 * neither blocks nor undoes a move, and a retry never repeats a mail that already went out. The
 * booking status actions are no job: they change the booking inside the move's transaction
 * (WorkflowService.move), and only their mails and documents come from the queue.
 */

export const WORKFLOW_ENTERED_JOB = 'workflow-state-entered';
export const WORKFLOW_STATUS_MAIL_JOB = 'workflow-status-mail';

/** A booking entered a state from somewhere else (`fromName`: the old state's name, "Backlog" or "Archiv"). */
export interface StateEntered {
  stateId: string;
  fromName: string;
}

export function workflowEnteredJob(tenantId: string, bookingId: string, entered: StateEntered): Job {
  return { name: WORKFLOW_ENTERED_JOB, payload: { tenantId, bookingId, stateId: entered.stateId, fromName: entered.fromName } };
}

/** The e-mail of an e-mail action: booking number, tenant, old and new status. */
export function statusChangeMail(to: string, bookingId: string, tenantName: string, fromName: string, toName: string): OutgoingMail {
  return {
    to,
    subject: `Änderung bei der Buchung Nr. ${bookingId} - Neuer Status`,
    paragraphs: [`Der Status der Buchung Nr. ${bookingId} hat sich geändert.`, `Mandant: ${tenantName}`, `Bisheriger Status: ${fromName}`, `Neuer Status: ${toName}`],
  };
}

/** Sends one rendered mail with the given sender settings; the MailService in production. */
export interface WorkflowMailer {
  sendRendered(mail: RenderedMail, sender: MailSenderSettings | null): Promise<void>;
}

/**
 * Fills a tenant's mail template with a title and content HTML: the renderer of the booking mails,
 * handed in by the composition root so the status mail looks like every other mail of the tenant.
 */
export type TenantMailLayout = (template: string, values: { title: string; contentHtml: string }) => string;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export class WorkflowActions {
  constructor(
    private readonly orm: MikroORM,
    private readonly mailer: WorkflowMailer,
    private readonly layout: TenantMailLayout,
  ) {}

  /** The job handlers by name, for the process's job worker. */
  handlers(): Record<string, JobHandler> {
    return {
      [WORKFLOW_ENTERED_JOB]: (payload) => this.expand(text(payload.tenantId), text(payload.bookingId), text(payload.stateId), text(payload.fromName) || BACKLOG_NAME),
      [WORKFLOW_STATUS_MAIL_JOB]: (payload) => this.sendStatusMail(text(payload.tenantId), statusChangeMail(text(payload.to), text(payload.bookingId), text(payload.tenantName), text(payload.fromName), text(payload.toName))),
    };
  }

  /** In the tenant's mail template and from its sender, like its booking mails; nothing once the tenant is gone. */
  private async sendStatusMail(tenantId: string, mail: OutgoingMail): Promise<void> {
    const tenant = await this.orm.em.fork().findOne(Tenant, { id: tenantId });
    if (!tenant) return;
    const { contentHtml, text: plain } = mailContent(mail);
    const html = this.layout(tenant.genericMailTemplate, { title: mail.subject, contentHtml });
    await this.mailer.sendRendered({ to: mail.to, subject: mail.subject, html, text: plain }, mailSenderSettings(tenant));
  }

  /** One job per mail receiver of the entered state's e-mail actions, enqueued together. */
  private async expand(tenantId: string, bookingId: string, stateId: string, fromName: string): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      const tenant = await em.findOne(Tenant, { id: tenantId });
      const workflow = await em.findOne(Workflow, { tenant: tenantId });
      const state = workflow?.states.find((candidate) => candidate.id === stateId);
      if (!tenant || !state) return;
      const jobs: Job[] = [];
      for (const action of state.actions) {
        if (action.type === 'email') {
          for (const to of await this.receivers(em, tenantId, action)) {
            jobs.push({ name: WORKFLOW_STATUS_MAIL_JOB, payload: { tenantId, bookingId, to, tenantName: tenant.name, fromName, toName: state.name } });
          }
        }
      }
      await enqueueJobs(em, jobs);
    });
  }

  /** Receivers: user ids are e-mail addresses; a role means every member of the tenant holding it. */
  private async receivers(em: EntityManager, tenantId: string, action: WorkflowActionData): Promise<string[]> {
    if (action.receiverType === 'role') {
      const roleIds = action.sendTo.filter(isUuid);
      if (roleIds.length === 0) return [];
      const memberships = await em.find(TenantMembership, { tenant: tenantId, isMember: true, roles: { id: { $in: roleIds }, tenant: tenantId } });
      return [...new Set(memberships.map((membership) => membership.user.id))];
    }
    return [...new Set(action.sendTo.map((address) => address.trim()).filter(Boolean))];
  }
}
