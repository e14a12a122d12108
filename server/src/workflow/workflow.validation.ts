import { randomUUID } from 'node:crypto';
import { MAX_INT32, numberError } from '../../../common/validation/numbers.js';
import { AppError } from '../shared/errors.js';
import { fitsIdLength, idMessages } from '../shared/ids.js';
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
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks and normalises the input; throws generic.validation with German field messages. Every
 * state and action must be an object (a null or a number in the list is named, not skipped), and
 * a state id must fit MAX_ID_LENGTH: it travels in lock keys and live events.
 */
export function normaliseStates(input: WorkflowInputData): WorkflowStateData[] {
  if (input.states != null && !Array.isArray(input.states)) throw new AppError('generic.validation', { fieldErrors: { states: 'Ungültiger Wert' } });
  const fieldErrors: Record<string, string> = {};
  const seen = new Set<string>();
  const states = (input.states ?? []).map((state: unknown, index): WorkflowStateData => {
    if (!isRecord(state)) {
      fieldErrors[`states.${index}`] = 'Ungültiger Wert';
      return { id: '', name: '', actions: [] };
    }
    const id = typeof state.id === 'string' && state.id.trim() ? state.id.trim() : randomUUID();
    if (!fitsIdLength(id)) fieldErrors[`states.${index}.id`] = idMessages.tooLong;
    else if (seen.has(id)) fieldErrors[`states.${index}.id`] = 'Doppelte Status-ID';
    seen.add(id);
    const name = typeof state.name === 'string' ? state.name.trim() : '';
    if (!name) fieldErrors[`states.${index}.name`] = 'Pflichtfeld';
    if (state.actions != null && !Array.isArray(state.actions)) fieldErrors[`states.${index}.actions`] = 'Ungültiger Wert';
    const actions = (Array.isArray(state.actions) ? (state.actions as unknown[]) : []).map((action, actionIndex): WorkflowActionData => {
      const key = `states.${index}.actions.${actionIndex}`;
      if (!isRecord(action)) {
        fieldErrors[key] = 'Ungültiger Wert';
        return { type: 'email', receiverType: null, sendTo: [], bookingStatus: [] };
      }
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

/** The task id (a booking number) of a move or archive; its message, or null when it is fine. */
export function taskIdError(value: unknown): string | null {
  const taskId = taskIdOf(value);
  if (!taskId) return 'Pflichtfeld';
  return fitsIdLength(taskId) ? null : idMessages.tooLong;
}

export const taskIdOf = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

/** Checks a move; throws generic.validation with German field messages. */
export function moveRequest(input: WorkflowMoveInput): MoveRequest {
  const fieldErrors: Record<string, string> = {};
  const taskId = taskIdOf(input.taskId);
  const taskIdMessage = taskIdError(input.taskId);
  if (taskIdMessage) fieldErrors.taskId = taskIdMessage;
  const destination = typeof input.destination === 'string' ? input.destination.trim() : '';
  if (!destination) fieldErrors.destination = 'Pflichtfeld';
  const newIndex = input.newIndex ?? null;
  if (newIndex !== null && (typeof newIndex !== 'number' || numberError(newIndex, { max: MAX_INT32, integer: true }))) fieldErrors.newIndex = 'Ungültiger Wert';
  if (Object.keys(fieldErrors).length > 0) throw new AppError('generic.validation', { fieldErrors });
  return { taskId: taskId as string, destination, newIndex: newIndex as number | null };
}

