import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { OutgoingMail } from '../mail/mail.service.js';
import { AppError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import { canConfigureWorkflow, canMoveWorkflowTasks, canReadWorkflow } from '../../../common/permissions/permissions.js';
import { TenantMembership } from '../tenants/membership.entity.js';
import { Tenant } from '../tenants/tenant.entity.js';
import type { Viewer } from '../users/viewer.service.js';
import { ARCHIVE_DESTINATION, BACKLOG_NAME, archiveTask, locateTask, moveTask, type Board, type BoardChange, type MoveRequest, type StateEntry } from './workflow.board.js';
import type { WorkflowBookings } from './workflow-bookings.js';
import {
  Workflow,
  workflowActionTypes,
  workflowBookingStatuses,
  workflowReceiverTypes,
  type WorkflowActionData,
  type WorkflowStateData,
  type WorkflowTaskData,
} from './workflow.entity.js';

/** What a caller may send for the configuration part of a workflow (tasks belong to the kanban board). */
export interface WorkflowInputData {
  name?: string | null;
  description?: string | null;
  active?: boolean | null;
  defaultState?: string | null;
  states?: { id?: string | null; name?: string | null; actions?: Partial<Record<keyof WorkflowActionData, unknown>>[] | null }[] | null;
}

/** A move on the kanban board as REST and GraphQL send it (`operation` and `oldIndex` are ignored). */
export interface WorkflowMoveInput {
  taskId?: unknown;
  destination?: unknown;
  newIndex?: unknown;
}

/** Sends one mail; the MailService in production. */
export interface WorkflowMailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** The workflow as answered by GraphQL and REST (rest-contract 5.3). */
export interface WorkflowView {
  id: string | null;
  tenantId: string;
  name: string;
  description: string;
  active: boolean;
  defaultState: string;
  states: WorkflowStateData[];
  archive: WorkflowTaskData[];
}

export function workflowView(tenantId: string, workflow: Workflow | null): WorkflowView {
  if (!workflow) return { id: null, tenantId, name: '', description: '', active: false, defaultState: '', states: [], archive: [] };
  return {
    id: workflow.id,
    tenantId,
    name: workflow.name,
    description: workflow.description,
    active: workflow.active,
    defaultState: workflow.defaultState,
    states: workflow.states,
    archive: workflow.archive,
  };
}

const asStrings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** Checks and normalises the input; throws generic.validation with German field messages. */
function normaliseStates(input: WorkflowInputData, existing: WorkflowStateData[]): WorkflowStateData[] {
  if (input.states != null && !Array.isArray(input.states)) throw new AppError('generic.validation', { fieldErrors: { states: 'Ungültiger Wert' } });
  const fieldErrors: Record<string, string> = {};
  const seen = new Set<string>();
  const states = (input.states ?? []).map((state, index): WorkflowStateData => {
    const id = typeof state.id === 'string' && state.id.trim() ? state.id.trim() : randomUUID();
    if (seen.has(id)) fieldErrors[`states.${index}.id`] = 'Doppelte Status-ID';
    seen.add(id);
    const name = typeof state.name === 'string' ? state.name.trim() : '';
    if (!name) fieldErrors[`states.${index}.name`] = 'Pflichtfeld';
    const actions = (Array.isArray(state.actions) ? state.actions : []).map((action, actionIndex): WorkflowActionData => {
      const key = `states.${index}.actions.${actionIndex}`;
      const type = action.type as WorkflowActionData['type'];
      if (!workflowActionTypes.includes(type)) fieldErrors[`${key}.type`] = 'Ungültiger Aktionstyp';
      if (type === 'email') {
        const receiverType = action.receiverType as WorkflowActionData['receiverType'];
        if (!receiverType || !workflowReceiverTypes.includes(receiverType)) fieldErrors[`${key}.receiverType`] = 'Pflichtfeld';
        return { type, receiverType: receiverType ?? null, sendTo: asStrings(action.sendTo), bookingStatus: [] };
      }
      const statuses = asStrings(action.bookingStatus);
      if (statuses.some((status) => !(workflowBookingStatuses as readonly string[]).includes(status))) fieldErrors[`${key}.bookingStatus`] = 'Ungültiger Buchungsstatus';
      return { type, receiverType: null, sendTo: [], bookingStatus: statuses as WorkflowActionData['bookingStatus'] };
    });
    // A state keeps its bookings when it existed before; new states start empty (rest-contract 5.3).
    const tasks = existing.find((candidate) => candidate.id === id)?.tasks ?? [];
    return { id, name, tasks, actions };
  });
  if (Object.keys(fieldErrors).length > 0) throw new AppError('generic.validation', { fieldErrors });
  return states;
}

const taskIdOf = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

/** Checks a move; throws generic.validation with German field messages. */
function moveRequest(input: WorkflowMoveInput): MoveRequest {
  const fieldErrors: Record<string, string> = {};
  const taskId = taskIdOf(input.taskId);
  if (!taskId) fieldErrors.taskId = 'Pflichtfeld';
  const destination = typeof input.destination === 'string' ? input.destination.trim() : '';
  if (!destination) fieldErrors.destination = 'Pflichtfeld';
  const newIndex = input.newIndex ?? null;
  if (newIndex !== null && !(typeof newIndex === 'number' && Number.isInteger(newIndex) && newIndex >= 0)) fieldErrors.newIndex = 'Ungültiger Wert';
  if (Object.keys(fieldErrors).length > 0) throw new AppError('generic.validation', { fieldErrors });
  return { taskId: taskId as string, destination, newIndex: newIndex as number | null };
}

/** The e-mail of an e-mail action (rest-contract 5.3 rule 7): booking number, tenant, old and new status. */
export function statusChangeMail(to: string, bookingId: string, tenantName: string, fromName: string, toName: string): OutgoingMail {
  return {
    to,
    subject: `Änderung bei der Buchung Nr. ${bookingId} - Neuer Status`,
    paragraphs: [
      `Der Status der Buchung Nr. ${bookingId} hat sich geändert.`,
      `Mandant: ${tenantName}`,
      `Bisheriger Status: ${fromName}`,
      `Neuer Status: ${toName}`,
    ],
  };
}

/** The backlog lists at most this many bookings (the newest); the list screen pages through all. */
export const MAX_BACKLOG = 1000;

/** Where a booking stands on the board (rest-contract 5.3 rule 6): a state id, "archive", or null for the backlog. */
export type WorkflowStatus = string | null;

export class WorkflowService {
  constructor(
    private readonly orm: MikroORM,
    private readonly bookings: WorkflowBookings,
    private readonly mailer: WorkflowMailer,
  ) {}

  private async tenantOrFail(em: EntityManager, tenantId: string): Promise<Tenant> {
    const tenant = await em.findOne(Tenant, { id: tenantId });
    if (!tenant) throw new AppError('generic.not-found');
    return tenant;
  }

  /** The tenant's workflow, or the empty inactive one when it has none. */
  async get(viewer: Viewer, tenantId: string): Promise<WorkflowView> {
    if (!canReadWorkflow(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    const em = this.orm.em.fork();
    await this.tenantOrFail(em, tenantId);
    return workflowView(tenantId, await em.findOne(Workflow, { tenant: tenantId }));
  }

  /** Creates or updates the tenant's only workflow. */
  async save(viewer: Viewer, tenantId: string, input: WorkflowInputData): Promise<WorkflowView> {
    if (!canConfigureWorkflow(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    return this.orm.em.fork().transactional(async (em) => {
      const tenant = await this.tenantOrFail(em, tenantId);
      return workflowView(tenantId, await this.saveIn(em, tenant, input));
    });
  }

  /**
   * The backlog (rest-contract 5.3 rule 3): every booking of the tenant that is in no state and not
   * archived, in booking order, as {id, added: null}. Without a workflow every booking is in it.
   */
  async backlog(viewer: Viewer, tenantId: string): Promise<{ id: string; added: null }[]> {
    if (!canReadWorkflow(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    const em = this.orm.em.fork();
    await this.tenantOrFail(em, tenantId);
    const workflow = await em.findOne(Workflow, { tenant: tenantId });
    const onBoard = [...(workflow?.states ?? []).flatMap((state) => state.tasks.map((task) => task.id)), ...(workflow?.archive ?? []).map((task) => task.id)];
    const ids = await this.bookings.backlogIds(tenantId, onBoard, MAX_BACKLOG);
    return ids.map((id) => ({ id, added: null }));
  }

  /** Moves a task on the board (rest-contract 5.3 rule 4); answers the whole workflow. */
  async moveTask(viewer: Viewer, tenantId: string, input: WorkflowMoveInput): Promise<WorkflowView> {
    if (!canMoveWorkflowTasks(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    const request = moveRequest(input);
    return this.changeBoard(tenantId, request.taskId, async (board) => {
      const { state, archived } = locateTask(board, request.taskId);
      // A task from the backlog must be a booking of the tenant (3.0.0 answered 500; the intent is 404).
      // An archived task is the board's own record and needs no check (rule 5 never checked it).
      if (request.destination !== ARCHIVE_DESTINATION && !state && !archived && !(await this.bookings.bookingExists(tenantId, request.taskId))) {
        throw new AppError('generic.not-found');
      }
      return moveTask(board, request, Date.now());
    });
  }

  /** Archives a task (rest-contract 5.3 rule 5); the booking is not checked. */
  async archiveTask(viewer: Viewer, tenantId: string, input: { taskId?: unknown }): Promise<WorkflowView> {
    if (!canMoveWorkflowTasks(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    const taskId = taskIdOf(input.taskId);
    if (!taskId) throw new AppError('generic.validation', { fieldErrors: { taskId: 'Pflichtfeld' } });
    return this.changeBoard(tenantId, taskId, async (board) => ({ board: archiveTask(board, taskId, Date.now()), entered: null }));
  }

  /**
   * One change of the board under a row lock on the workflow (concurrent moves wait for each other
   * instead of overwriting each other's states). The actions of an entered state run after the commit.
   */
  private async changeBoard(tenantId: string, taskId: string, change: (board: Board) => Promise<BoardChange>): Promise<WorkflowView> {
    const { view, entered, tenantName } = await this.orm.em.fork().transactional(async (em) => {
      const tenant = await this.tenantOrFail(em, tenantId);
      const workflow = await em.findOne(Workflow, { tenant: tenantId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!workflow) throw new AppError('generic.not-found', { detail: 'Für diesen Mandanten ist kein Workflow eingerichtet.' });
      const result = await change({ states: workflow.states, archive: workflow.archive });
      workflow.states = result.board.states;
      workflow.archive = result.board.archive;
      await em.flush();
      return { view: workflowView(tenantId, workflow), entered: result.entered, tenantName: tenant.name };
    });
    if (entered) await this.runActions(tenantId, tenantName, taskId, entered);
    return view;
  }

  /**
   * A new booking enters the default state at the top (rest-contract 5.1 rule 15a), inside the
   * booking's transaction; only when the workflow is active and has a default state. Answers the
   * entered state, whose actions the caller runs after the commit (runEnteredActions).
   */
  async placeNewBookingIn(em: EntityManager, tenantId: string, bookingId: string, now: number): Promise<{ stateId: string; fromName: string } | null> {
    const workflow = await em.findOne(Workflow, { tenant: tenantId, active: true }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!workflow?.defaultState) return null;
    return this.place(em, workflow, bookingId, workflow.defaultState, now);
  }

  /** A deleted booking leaves every state (rest-contract 5.2 rule 6; the archive keeps its record). */
  async removeBookingIn(em: EntityManager, tenantId: string, bookingId: string): Promise<void> {
    const workflow = await em.findOne(Workflow, { tenant: tenantId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!workflow || !locateTask(workflow, bookingId).state) return;
    workflow.states = workflow.states.map((state) => ({ ...state, tasks: state.tasks.filter((task) => task.id !== bookingId) }));
    await em.flush();
  }

  /**
   * Moves a booking to a state, the archive or the backlog from the booking editor, inside the
   * caller's transaction (rest-contract 5.2 rule 5). Answers the entered state for its actions.
   */
  async placeBookingIn(em: EntityManager, tenantId: string, bookingId: string, destination: string, now: number): Promise<{ stateId: string; fromName: string } | null> {
    const workflow = await em.findOne(Workflow, { tenant: tenantId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!workflow) return null;
    const current = locateTask(workflow, bookingId);
    if (current.state?.id === destination || (current.archived && destination === ARCHIVE_DESTINATION)) return null;
    return this.place(em, workflow, bookingId, destination, now);
  }

  /** The booking at the top of the destination (a state, the archive or the backlog); answers the entered state. */
  private async place(em: EntityManager, workflow: Workflow, bookingId: string, destination: string, now: number): Promise<{ stateId: string; fromName: string } | null> {
    const result = moveTask({ states: workflow.states, archive: workflow.archive }, { taskId: bookingId, destination, newIndex: 0 }, now);
    workflow.states = result.board.states;
    workflow.archive = result.board.archive;
    await em.flush();
    return result.entered ? { stateId: result.entered.state.id, fromName: result.entered.fromName } : null;
  }

  /** Where each booking stands (rest-contract 5.3 rule 6); all null without an active workflow. */
  async statusesOf(tenantId: string, bookingIds: readonly string[]): Promise<Map<string, WorkflowStatus>> {
    const statuses = new Map<string, WorkflowStatus>(bookingIds.map((id) => [id, null]));
    const workflow = await this.orm.em.fork().findOne(Workflow, { tenant: tenantId, active: true });
    if (!workflow) return statuses;
    for (const id of bookingIds) {
      const { state, archived } = locateTask(workflow, id);
      statuses.set(id, state?.id ?? (archived ? ARCHIVE_DESTINATION : null));
    }
    return statuses;
  }

  /** Runs the actions of a state a booking entered (from the job queue after the booking's commit). */
  async runEnteredActions(tenantId: string, bookingId: string, stateId: string, fromName = BACKLOG_NAME): Promise<void> {
    const em = this.orm.em.fork();
    const tenant = await em.findOne(Tenant, { id: tenantId });
    const workflow = await em.findOne(Workflow, { tenant: tenantId });
    const state = workflow?.states.find((candidate) => candidate.id === stateId);
    if (!tenant || !state) return;
    await this.runActions(tenantId, tenant.name, bookingId, { fromName, state });
  }

  /**
   * The actions of a state a booking entered (rest-contract 5.3 rule 7 with its intent): e-mails go
   * out in the background (a failure is logged, the move stands); booking status changes are applied
   * before answering, and a failure there is logged as well because the move is already stored.
   */
  private async runActions(tenantId: string, tenantName: string, bookingId: string, entered: StateEntry): Promise<void> {
    for (const action of entered.state.actions) {
      if (action.type === 'email') {
        this.sendStatusMails(tenantId, tenantName, bookingId, entered, action).catch((error: Error) => {
          console.error(`[workflow] Status-Mail zur Buchung ${bookingId} nicht versendet:`, error.message);
        });
      } else if (action.type === 'bookingStatus' && action.bookingStatus.length > 0) {
        await this.bookings.applyWorkflowStatus(tenantId, bookingId, action.bookingStatus).catch((error: Error) => {
          console.error(`[workflow] Buchungsstatus der Buchung ${bookingId} nicht geändert:`, error.message);
        });
      }
    }
  }

  /** Receivers: user ids are e-mail addresses; a role means every member of the tenant holding it. */
  private async receivers(tenantId: string, action: WorkflowActionData): Promise<string[]> {
    if (action.receiverType === 'role') {
      const roleIds = action.sendTo.filter(isUuid);
      if (roleIds.length === 0) return [];
      const memberships = await this.orm.em.fork().find(TenantMembership, { tenant: tenantId, isMember: true, roles: { id: { $in: roleIds }, tenant: tenantId } });
      return memberships.map((membership) => membership.user.id);
    }
    return action.sendTo.map((address) => address.trim()).filter(Boolean);
  }

  private async sendStatusMails(tenantId: string, tenantName: string, bookingId: string, entered: StateEntry, action: WorkflowActionData): Promise<void> {
    const addresses = [...new Set(await this.receivers(tenantId, action))];
    const results = await Promise.allSettled(addresses.map((to) => this.mailer.send(statusChangeMail(to, bookingId, tenantName, entered.fromName, entered.state.name))));
    results.forEach((result, index) => {
      if (result.status === 'rejected') {
        console.error(`[workflow] Status-Mail an ${addresses[index]} nicht versendet:`, result.reason instanceof Error ? result.reason.message : String(result.reason));
      }
    });
  }

  /**
   * The write itself, inside the caller's transaction (the tenant save stores tenant and workflow
   * together). States are replaced in the given order; archive and tasks of kept states stay.
   */
  async saveIn(em: EntityManager, tenant: Tenant, input: WorkflowInputData): Promise<Workflow> {
    // Locked like a move: a configuration save and a concurrent move must not overwrite each other's tasks.
    const workflow = (await em.findOne(Workflow, { tenant }, { lockMode: LockMode.PESSIMISTIC_WRITE })) ?? em.create(Workflow, { tenant });
    if (input.states !== undefined) workflow.states = normaliseStates(input, workflow.states);
    if (input.name != null) workflow.name = String(input.name).trim();
    if (input.description != null) workflow.description = String(input.description);
    if (input.active != null) workflow.active = Boolean(input.active);
    if (input.defaultState !== undefined) workflow.defaultState = input.defaultState ?? '';
    if (workflow.defaultState && !workflow.states.some((state) => state.id === workflow.defaultState)) workflow.defaultState = '';
    await em.flush();
    return workflow;
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    workflows: WorkflowService;
  }
}
