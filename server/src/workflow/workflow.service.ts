import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { canConfigureWorkflow, canMoveWorkflowTasks, canReadWorkflow } from '../../../common/permissions/permissions.js';
import { viewerActor, type BookingHistoryVia, type ChangeOrigin } from '../../../common/bookings/history.js';
import { AppError } from '../shared/errors.js';
import { enqueueJobs, type Job } from '../shared/jobs.js';
import { notifyCall, notifyStatement, type WorkflowCardEvent } from '../shared/pubsub.js';
import { Role } from '../tenants/role.entity.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { changedFields, recordTenantChange, viewerChangeOrigin, type TenantChangeOrigin } from '../tenants/tenant-change-log.js';
import type { TenantChangeVia } from '../../../common/tenants/change-log.js';
import type { Viewer } from '../users/viewer.service.js';
import { workflowEnteredJob, type StateEntered } from './workflow.actions.js';
import { ARCHIVE_DESTINATION, planMove, stateFollowingStatus, type BookingStatusNow, type MoveRequest, type StatusTransition, type TaskPlace } from './workflow.board.js';
import type { WorkflowBookings } from './workflow-bookings.js';
import { Workflow, type WorkflowActionData, type WorkflowBookingStatus, type WorkflowTaskData } from './workflow.entity.js';
import { archive, dropTasksOutside, enterState, forget, leaveState, lockStates, lockTask, readBoard, readPlace, readPlaces, type BoardRow } from './workflow-tasks.js';
import { archivedTaskId, moveRequest, normaliseStates, type WorkflowInputData, type WorkflowMoveInput } from './workflow.validation.js';

export type { WorkflowInputData, WorkflowMoveInput } from './workflow.validation.js';

/** A state with the bookings in it, as REST and the GraphQL `workflow` answer it. */
export interface WorkflowStateView {
  id: string;
  name: string;
  tasks: WorkflowTaskData[];
  actions: WorkflowActionData[];
}

/** The workflow as answered by GraphQL and REST. */
export interface WorkflowView {
  id: string | null;
  tenantId: string;
  name: string;
  description: string;
  active: boolean;
  defaultState: string;
  states: WorkflowStateView[];
  archive: WorkflowTaskData[];
}

/** The board for the kanban view: the states in order with their cards; the archive stays out. */
export interface WorkflowBoardView {
  tenantId: string;
  active: boolean;
  states: { id: string; name: string; cards: WorkflowCardEvent[] }[];
}

function workflowView(tenantId: string, workflow: Workflow | null, rows: readonly BoardRow[]): WorkflowView {
  if (!workflow) return { id: null, tenantId, name: '', description: '', active: false, defaultState: '', states: [], archive: [] };
  const task = (row: BoardRow): WorkflowTaskData => ({ id: row.taskId, added: row.enteredAt });
  return {
    id: workflow.id,
    tenantId,
    name: workflow.name,
    description: workflow.description,
    active: workflow.active,
    defaultState: workflow.defaultState,
    states: workflow.states.map((state) => ({ id: state.id, name: state.name, actions: state.actions, tasks: rows.filter((row) => row.stateId === state.id).map(task) })),
    archive: rows.filter((row) => row.stateId === null).map(task),
  };
}

const cardEvent = (tenantId: string, row: BoardRow): WorkflowCardEvent => ({
  kind: 'MOVED',
  tenantId,
  id: row.taskId,
  stateId: row.stateId,
  archived: row.stateId === null,
  index: row.index,
  enteredAt: row.enteredAt,
});

/** The booking status changes of a state's actions, in their order. */
function bookingStatusesOf(workflow: Workflow, stateId: string): WorkflowBookingStatus[] {
  const state = workflow.states.find((candidate) => candidate.id === stateId);
  return (state?.actions ?? []).flatMap((action) => (action.type === 'bookingStatus' ? action.bookingStatus : []));
}

/** The workflow's configuration as the tenant's change log compares it; each state as "name [actions]". */
const workflowLogFields = ['name', 'description', 'active', 'defaultState', 'states'] as const;

function workflowLogSnapshot(workflow: Workflow, roleNames: ReadonlyMap<string, string>): Record<string, unknown> {
  const receivers = (data: WorkflowActionData) => (data.receiverType === 'role' ? data.sendTo.map((id) => roleNames.get(id) ?? id) : data.sendTo).join(', ');
  const action = (data: WorkflowActionData) => (data.type === 'email' ? `E-Mail an ${data.receiverType === 'role' ? 'Rolle' : 'Benutzer'}: ${receivers(data)}` : `Buchungsstatus: ${data.bookingStatus.join(', ')}`);
  const stateName = (id: string) => workflow.states.find((state) => state.id === id)?.name ?? id;
  return {
    name: workflow.name,
    description: workflow.description,
    active: workflow.active,
    defaultState: workflow.defaultState ? stateName(workflow.defaultState) : '',
    states: workflow.states.map((state) => (state.actions.length > 0 ? `${state.name} [${state.actions.map(action).join('; ')}]` : state.name)),
  };
}

/** The backlog lists at most this many bookings (the newest); the kanban view pages through all. */
export const MAX_BACKLOG = 1000;

/** Where a booking stands on the board: a state id, "archive", or null for the backlog. */
export type WorkflowStatus = string | null;

/** The outcome of a move: the card's new place, and the state it entered (whose mails run as jobs). */
export interface CardMove {
  card: WorkflowCardEvent;
  entered: StateEntered | null;
}

/**
 * A tenant's workflow: its configuration (the workflow row) and its kanban board (workflow_tasks).
 * Every change of the board happens in one transaction that also applies the entered state's
 * booking status actions, enqueues its mails and announces the card's new place (NOTIFY, delivered
 * to every server process at commit).
 */
export class WorkflowService {
  constructor(
    private readonly orm: MikroORM,
    private readonly bookings: WorkflowBookings,
  ) {}

  private async tenantOrFail(em: EntityManager, tenantId: string): Promise<Tenant> {
    const tenant = await em.findOne(Tenant, { id: tenantId });
    if (!tenant) throw new AppError('generic.not-found');
    return tenant;
  }

  /** The tenant's workflow with its board, or the empty inactive one when it has none. */
  async get(viewer: Viewer, tenantId: string): Promise<WorkflowView> {
    if (!canReadWorkflow(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    const em = this.orm.em.fork();
    await this.tenantOrFail(em, tenantId);
    return this.viewIn(em, tenantId);
  }

  private async viewIn(em: EntityManager, tenantId: string): Promise<WorkflowView> {
    const workflow = await em.findOne(Workflow, { tenant: tenantId });
    return workflowView(tenantId, workflow, workflow ? await readBoard(em, tenantId, { withArchive: true }) : []);
  }

  /** The kanban view's board: states in order with their cards (positions as indexes), no archive. */
  async board(viewer: Viewer, tenantId: string): Promise<WorkflowBoardView> {
    if (!canReadWorkflow(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    const em = this.orm.em.fork();
    await this.tenantOrFail(em, tenantId);
    const workflow = await em.findOne(Workflow, { tenant: tenantId });
    if (!workflow) return { tenantId, active: false, states: [] };
    const rows = await readBoard(em, tenantId, { withArchive: false });
    return {
      tenantId,
      active: workflow.active,
      states: workflow.states.map((state) => ({ id: state.id, name: state.name, cards: rows.filter((row) => row.stateId === state.id).map((row) => cardEvent(tenantId, row)) })),
    };
  }

  /** Creates or updates the tenant's only workflow. */
  async save(viewer: Viewer, tenantId: string, input: WorkflowInputData, via: TenantChangeVia): Promise<WorkflowView> {
    if (!canConfigureWorkflow(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    return this.orm.em.fork().transactional(async (em) => {
      const tenant = await this.tenantOrFail(em, tenantId);
      await this.saveIn(em, tenant, input, viewerChangeOrigin(viewer, via));
      return this.viewIn(em, tenantId);
    });
  }

  /**
   * The write itself, inside the caller's transaction (the tenant save stores tenant and workflow
   * together). States are replaced in the given order; bookings in states that are gone return to
   * the backlog, the others keep their places. The change goes into the tenant's change log.
   */
  async saveIn(em: EntityManager, tenant: Tenant, input: WorkflowInputData, origin: TenantChangeOrigin): Promise<Workflow> {
    // Exclusive: moves hold the row shared, so no move runs against states that are being removed.
    const existing = await em.findOne(Workflow, { tenant }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    // The log names the receiving roles, not their ids.
    const roleNames = new Map((await em.find(Role, { tenant }, { fields: ['id', 'name'] })).map((role) => [role.id, role.name] as const));
    // A workflow saved for the first time is compared with the empty one the editor shows: the
    // tenant settings save always sends it, and storing it untouched is no change anybody made.
    const before = existing ? workflowLogSnapshot(existing, roleNames) : null;
    const blank = { name: '', description: '', active: false, defaultState: '', states: [] };
    const workflow = existing ?? em.create(Workflow, { tenant });
    if (input.states !== undefined) {
      workflow.states = normaliseStates(input);
      await dropTasksOutside(em, tenant.id, workflow.states.map((state) => state.id));
      await this.announce(em, { kind: 'BOARD', tenantId: tenant.id, id: '', stateId: null, archived: false, index: null, enteredAt: null });
    }
    if (input.name != null) workflow.name = String(input.name).trim();
    if (input.description != null) workflow.description = String(input.description);
    if (input.active != null) workflow.active = Boolean(input.active);
    if (input.defaultState !== undefined) workflow.defaultState = input.defaultState ?? '';
    if (workflow.defaultState && !workflow.states.some((state) => state.id === workflow.defaultState)) workflow.defaultState = '';
    await em.flush();
    const after = workflowLogSnapshot(workflow, roleNames);
    const changes = changedFields(before, after, workflowLogFields);
    if (before ? changes.length > 0 : changedFields(blank, after, workflowLogFields).length > 0) {
      await recordTenantChange(em, { tenantId: tenant.id, subject: 'workflow', subjectId: workflow.id, subjectLabel: workflow.name, action: before ? 'changed' : 'created', origin, changes });
    }
    return workflow;
  }

  /**
   * The backlog: bookings of the tenant in no state and not archived,
   * oldest first, as {id, added: null} (the newest MAX_BACKLOG when there are more). Without a
   * workflow every booking is in it.
   */
  async backlog(viewer: Viewer, tenantId: string): Promise<{ id: string; added: null }[]> {
    if (!canReadWorkflow(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    await this.tenantOrFail(this.orm.em.fork(), tenantId);
    const ids = await this.bookings.backlogIds(tenantId, MAX_BACKLOG);
    return ids.map((id) => ({ id, added: null }));
  }

  /** Moves a task on the board; answers the whole workflow (REST). */
  async moveTask(viewer: Viewer, tenantId: string, input: WorkflowMoveInput, via: BookingHistoryVia): Promise<WorkflowView> {
    if (!canMoveWorkflowTasks(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    return this.changeBoard(tenantId, moveRequest(input), { actor: viewerActor(viewer), via }, (em) => this.viewIn(em, tenantId));
  }

  /** Moves a card on the kanban view; answers its new place. */
  async moveCard(viewer: Viewer, tenantId: string, input: WorkflowMoveInput, via: BookingHistoryVia): Promise<WorkflowCardEvent> {
    if (!canMoveWorkflowTasks(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    let moved: WorkflowCardEvent | undefined;
    await this.changeBoard(tenantId, moveRequest(input), { actor: viewerActor(viewer), via }, async () => undefined, (card) => (moved = card));
    return moved as WorkflowCardEvent;
  }

  /** Archives a task (its card leaves its state); like every move, only a booking of the tenant. */
  async archiveTask(viewer: Viewer, tenantId: string, input: { taskId?: unknown }, via: BookingHistoryVia): Promise<WorkflowView> {
    if (!canMoveWorkflowTasks(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    const taskId = archivedTaskId(input);
    return this.changeBoard(tenantId, { taskId, destination: ARCHIVE_DESTINATION, newIndex: null }, { actor: viewerActor(viewer), via }, (em) => this.viewIn(em, tenantId));
  }

  /** One move in its own transaction; `answer` reads what the caller returns, inside it. */
  private async changeBoard<T>(tenantId: string, request: MoveRequest, origin: ChangeOrigin, answer: (em: EntityManager) => Promise<T>, onMoved?: (card: WorkflowCardEvent) => void): Promise<T> {
    return this.orm.em.fork().transactional(async (em) => {
      await this.tenantOrFail(em, tenantId);
      const workflow = await this.sharedWorkflow(em, tenantId);
      if (!workflow) throw new AppError('generic.not-found', { detail: 'Für diesen Mandanten ist kein Workflow eingerichtet.' });
      // The booking's row before the card's lock (bookings/booking.locks.ts): its status may change with the move.
      const exists = await this.bookings.lockBooking(em, tenantId, request.taskId);
      const move = await this.move(em, workflow, request, new Date(), { origin, recordMove: exists }, async (place) => {
        // Only bookings of the tenant have a place on the board: a task in no state (backlog or
        // archive) that is none answers 404, whatever the destination, instead of becoming a
        // phantom card. A card in a state got there with its booking and leaves every state when
        // the booking is deleted.
        if (place.kind !== 'state' && !exists) throw new AppError('generic.not-found');
      });
      onMoved?.(move.card);
      return answer(em);
    });
  }

  /** The workflow row, held shared for the transaction: moves run side by side, a configuration save waits. */
  private sharedWorkflow(em: EntityManager, tenantId: string, where: { active?: true } = {}): Promise<Workflow | null> {
    return em.findOne(Workflow, { tenant: tenantId, ...where }, { lockMode: LockMode.PESSIMISTIC_READ });
  }

  /**
   * The move itself, inside the caller's transaction (which holds the booking's row): the task is
   * locked; the entered state's booking status actions change the booking right here, so the move's
   * answer shows them and a refusal (a release that would overbook: 409) refuses the move; then the
   * states whose positions change are locked (in sorted order, after the objects a release locks:
   * bookings/booking.locks.ts), the rows change, the mails of the entered state are enqueued and the
   * new place is announced.
   */
  private async move(em: EntityManager, workflow: Workflow, request: MoveRequest, now: Date, by: { origin: ChangeOrigin; recordMove: boolean }, check?: (place: TaskPlace) => Promise<void>): Promise<CardMove> {
    const tenantId = workflow.tenant.id;
    await lockTask(em, tenantId, request.taskId);
    const before = await readPlace(em, tenantId, request.taskId);
    await check?.(before);
    const plan = planMove(before, request, workflow.states);
    const statuses = plan.entered ? bookingStatusesOf(workflow, plan.entered.stateId) : [];
    if (statuses.length > 0) await this.bookings.applyWorkflowStatus(em, tenantId, request.taskId, statuses, by.origin);
    const target = plan.target;
    const leaves = before.kind === 'state' && target.kind !== 'unchanged';
    await lockStates(em, tenantId, [leaves && before.kind === 'state' ? before.stateId : null, target.kind === 'state' ? target.stateId : null]);
    // Its state cannot change (the task is locked), but moves of other cards may have shifted its position.
    const place = leaves ? await readPlace(em, tenantId, request.taskId) : before;

    let card: WorkflowCardEvent;
    if (target.kind === 'unchanged') {
      card = this.placeEvent(tenantId, request.taskId, place, null);
    } else {
      if (place.kind === 'state') await leaveState(em, tenantId, place, request.taskId);
      if (target.kind === 'state') {
        const enteredAt = target.keepEnteredAt && place.kind === 'state' && place.enteredAt !== null ? new Date(place.enteredAt) : now;
        const index = await enterState(em, tenantId, request.taskId, target.stateId, target.index, enteredAt);
        card = { kind: 'MOVED', tenantId, id: request.taskId, stateId: target.stateId, archived: false, index, enteredAt: enteredAt.getTime() };
      } else if (target.kind === 'archived') {
        await archive(em, tenantId, request.taskId, now);
        card = { kind: 'MOVED', tenantId, id: request.taskId, stateId: null, archived: true, index: null, enteredAt: now.getTime() };
      } else {
        await forget(em, tenantId, request.taskId);
        card = { kind: 'MOVED', tenantId, id: request.taskId, stateId: null, archived: false, index: null, enteredAt: null };
      }
    }
    if (by.recordMove && target.kind !== 'unchanged') {
      const stateName = (stateId: string) => workflow.states.find((state) => state.id === stateId)?.name ?? stateId;
      const placeName = (where: TaskPlace) => (where.kind === 'state' ? stateName(where.stateId) : where.kind === 'archived' ? 'Archiv' : null);
      const to = target.kind === 'state' ? stateName(target.stateId) : target.kind === 'archived' ? 'Archiv' : null;
      await this.bookings.recordBoardMove(em, tenantId, request.taskId, placeName(place), to, by.origin);
    }
    const jobs: Job[] = plan.entered ? [workflowEnteredJob(tenantId, request.taskId, plan.entered)] : [];
    await enqueueJobs(em, jobs, target.kind === 'unchanged' ? [] : [notifyCall('WORKFLOW_CARD_CHANGED', tenantId, card)]);
    return { card, entered: plan.entered };
  }

  /** The card where it stays; its index is read only when somebody needs it (the kanban's answer). */
  private placeEvent(tenantId: string, taskId: string, place: TaskPlace, index: number | null): WorkflowCardEvent {
    if (place.kind === 'state') return { kind: 'MOVED', tenantId, id: taskId, stateId: place.stateId, archived: false, index, enteredAt: place.enteredAt };
    return { kind: 'MOVED', tenantId, id: taskId, stateId: null, archived: place.kind === 'archived', index: null, enteredAt: place.kind === 'archived' ? place.enteredAt : null };
  }

  private async announce(em: EntityManager, card: WorkflowCardEvent): Promise<void> {
    const { sql, params } = notifyStatement('WORKFLOW_CARD_CHANGED', card.tenantId, card);
    await em.execute(sql, params);
  }

  /**
   * A new booking enters the default state at the top, inside the
   * booking's transaction (after the booking is flushed); only when the workflow is active and has
   * a default state. The entered state's status actions apply and its mails are enqueued in the same
   * transaction.
   */
  async placeNewBookingIn(em: EntityManager, tenantId: string, bookingId: string, now: number, origin: ChangeOrigin, workflow?: Workflow | null): Promise<StateEntered | null> {
    const active = workflow === undefined ? await this.workflowForNewBookings(em, tenantId) : workflow;
    if (!active) return null;
    // A new booking's place is part of its creation: no entry of its own.
    return (await this.move(em, active, { taskId: bookingId, destination: active.defaultState, newIndex: 0 }, new Date(now), { origin, recordMove: false })).entered;
  }

  /**
   * Holds the tenant's workflow row shared for a booking change that may touch the board, as the
   * first of its locks (bookings/booking.locks.ts); nothing when the tenant has no workflow.
   */
  async holdForBookingChange(em: EntityManager, tenantId: string): Promise<void> {
    await this.sharedWorkflow(em, tenantId);
  }

  /**
   * The active workflow with a default state, held shared, or null: a checkout reads it before it
   * takes its object locks, so a tenant without one costs nothing while they are held.
   */
  async workflowForNewBookings(em: EntityManager, tenantId: string): Promise<Workflow | null> {
    const workflow = await this.sharedWorkflow(em, tenantId, { active: true });
    return workflow?.defaultState ? workflow : null;
  }

  /**
   * Moves a booking to a state, the archive or the backlog from the booking editor, inside the
   * caller's transaction, which holds the booking's row and has flushed it; a booking already
   * there stays where it is.
   */
  async placeBookingIn(em: EntityManager, tenantId: string, bookingId: string, destination: string, now: number, origin: ChangeOrigin): Promise<StateEntered | null> {
    const workflow = await this.sharedWorkflow(em, tenantId);
    if (!workflow) return null;
    const place = await readPlace(em, tenantId, bookingId);
    if ((place.kind === 'state' && place.stateId === destination) || (place.kind === 'archived' && destination === ARCHIVE_DESTINATION)) return null;
    return (await this.move(em, workflow, { taskId: bookingId, destination, newIndex: 0 }, new Date(now), { origin, recordMove: true })).entered;
  }

  /**
   * The booking's status changed outside the board (details dialog, editor, customer, payment),
   * inside that change's transaction, which holds the booking's row and has flushed it: its card
   * follows to the state that stands for the new status (workflow.board.ts, stateFollowingStatus),
   * recorded in the history and announced like any move. Only on an active workflow; an archived
   * card stays. The entered state's status actions find the booking already so; its mails go out.
   */
  async followBookingStatus(em: EntityManager, tenantId: string, bookingId: string, transitions: readonly StatusTransition[], booking: BookingStatusNow, origin: ChangeOrigin): Promise<void> {
    if (transitions.length === 0) return;
    const workflow = await this.sharedWorkflow(em, tenantId, { active: true });
    if (!workflow) return;
    const states = workflow.states.map((state) => ({ id: state.id, statuses: bookingStatusesOf(workflow, state.id) }));
    await lockTask(em, tenantId, bookingId);
    const destination = stateFollowingStatus(states, await readPlace(em, tenantId, bookingId), transitions, booking);
    if (!destination) return;
    await this.move(em, workflow, { taskId: bookingId, destination, newIndex: 0 }, new Date(), { origin, recordMove: true });
  }

  /** A deleted booking leaves every state (the archive keeps its record). */
  async removeBookingIn(em: EntityManager, tenantId: string, bookingId: string): Promise<void> {
    const workflow = await this.sharedWorkflow(em, tenantId);
    if (!workflow) return;
    await lockTask(em, tenantId, bookingId);
    const before = await readPlace(em, tenantId, bookingId);
    if (before.kind !== 'state') return;
    await lockStates(em, tenantId, [before.stateId]);
    const place = await readPlace(em, tenantId, bookingId);
    if (place.kind === 'state') await leaveState(em, tenantId, place, bookingId);
    await this.announce(em, { kind: 'MOVED', tenantId, id: bookingId, stateId: null, archived: false, index: null, enteredAt: null });
  }

  /** Where each booking stands; all null without an active workflow. */
  async statusesOf(tenantId: string, bookingIds: readonly string[]): Promise<Map<string, WorkflowStatus>> {
    const statuses = new Map<string, WorkflowStatus>(bookingIds.map((id) => [id, null]));
    const em = this.orm.em.fork();
    if (bookingIds.length === 0 || (await em.count(Workflow, { tenant: tenantId, active: true })) === 0) return statuses;
    for (const [id, place] of await readPlaces(em, tenantId, bookingIds)) {
      statuses.set(id, place.kind === 'state' ? place.stateId : place.kind === 'archived' ? ARCHIVE_DESTINATION : null);
    }
    return statuses;
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    workflows: WorkflowService;
  }
}
