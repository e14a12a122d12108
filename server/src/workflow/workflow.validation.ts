import { randomUUID } from 'node:crypto';
import { archiveTaskSchema, moveTaskSchema, workflowStatesSchema, type WorkflowActionData } from '../../../common/workflow/workflow.schema.js';
import { looseObject } from '../../../common/validation/schema.js';
import { parseInput } from '../shared/schema-input.js';
import type { MoveRequest } from './workflow.board.js';
import type { WorkflowStateData } from './workflow.entity.js';

/**
 * The server's part of the workflow's input: the rules and German messages are the schemas in
 * common/workflow/workflow.schema.ts; wrong input is a 400 / GENERIC_VALIDATION naming every wrong
 * field. Here a new state gets its id.
 */

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

/** Field paths name the list: `states.1.name`. */
const statesInput = looseObject({ states: workflowStatesSchema });

/** The checked states, each with an id (a new state gets a UUID). */
export function normaliseStates(input: WorkflowInputData): WorkflowStateData[] {
  const { states } = parseInput(statesInput, { states: input.states });
  return states.map((state) => (state.id ? state : { ...state, id: randomUUID() }));
}

/** The checked move. */
export const moveRequest = (input: WorkflowMoveInput): MoveRequest => parseInput(moveTaskSchema, input);

/** The checked task id of an archive. */
export const archivedTaskId = (input: { taskId?: unknown }): string => parseInput(archiveTaskSchema, input).taskId;
