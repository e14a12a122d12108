import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { AppError } from '../shared/errors.js';
import { canConfigureWorkflow, canReadWorkflow } from '../shared/permissions/permissions.js';
import { Tenant } from '../tenants/tenant.entity.js';
import type { Viewer } from '../users/viewer.service.js';
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

export class WorkflowService {
  constructor(private readonly orm: MikroORM) {}

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
   * The write itself, inside the caller's transaction (the tenant save stores tenant and workflow
   * together). States are replaced in the given order; archive and tasks of kept states stay.
   */
  async saveIn(em: EntityManager, tenant: Tenant, input: WorkflowInputData): Promise<Workflow> {
    const workflow = (await em.findOne(Workflow, { tenant }, { lockMode: undefined })) ?? em.create(Workflow, { tenant });
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
