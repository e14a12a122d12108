import { randomUUID } from 'node:crypto';
import { AppError } from '../shared/errors.js';
import type { MoveRequest } from './workflow.board.js';
import { workflowActionTypes, workflowBookingStatuses, workflowReceiverTypes, type WorkflowActionData, type WorkflowStateData } from './workflow.entity.js';

/** The workflow's input as REST and GraphQL send it, checked and normalised (German field messages). */

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

const asStrings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** Checks and normalises the input; throws generic.validation with German field messages. */
export function normaliseStates(input: WorkflowInputData): WorkflowStateData[] {
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
    return { id, name, actions };
  });
  if (Object.keys(fieldErrors).length > 0) throw new AppError('generic.validation', { fieldErrors });
  return states;
}

export const taskIdOf = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

/** Checks a move; throws generic.validation with German field messages. */
export function moveRequest(input: WorkflowMoveInput): MoveRequest {
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

