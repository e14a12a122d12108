import type { WorkflowStateData, WorkflowTaskData } from './workflow.entity.js';

/**
 * The kanban rules of rest-contract 5.3 (rules 4 and 5) as pure functions over the board (states
 * with their tasks, and the archive). The service locks the workflow row, asks these functions for
 * the new board and stores it; they never change their input.
 */

/** The destination that archives a task (rule 4, first bullet). */
export const ARCHIVE_DESTINATION = 'archive';
/** Status names of the places that are no state, as the e-mail action names the old status. */
export const BACKLOG_NAME = 'Backlog';
export const ARCHIVE_NAME = 'Archiv';

export interface Board {
  states: WorkflowStateData[];
  archive: WorkflowTaskData[];
}

export interface MoveRequest {
  taskId: string;
  destination: string;
  /** Position in the destination state; null moves nothing for a task already in a state. */
  newIndex: number | null;
}

/** A state the task entered from somewhere else: its actions run (rule 4 last bullet, rule 7). */
export interface StateEntry {
  /** Name of the old status: the source state's name, "Backlog" or "Archiv". */
  fromName: string;
  state: WorkflowStateData;
}

export interface BoardChange {
  board: Board;
  entered: StateEntry | null;
}

const copy = (board: Board): Board => ({
  states: board.states.map((state) => ({ ...state, tasks: state.tasks.map((task) => ({ ...task })), actions: state.actions.map((action) => ({ ...action })) })),
  archive: board.archive.map((task) => ({ ...task })),
});

const holds = (tasks: readonly WorkflowTaskData[], taskId: string): boolean => tasks.some((task) => task.id === taskId);

/** Where the task is now: the state holding it (or null), and whether it is archived. */
export function locateTask(board: Board, taskId: string): { state: WorkflowStateData | null; archived: boolean } {
  return { state: board.states.find((state) => holds(state.tasks, taskId)) ?? null, archived: holds(board.archive, taskId) };
}

/** Rule 5: removed from its state, appended to the archive with added = now unless already there. */
export function archiveTask(board: Board, taskId: string, now: number): Board {
  const next = copy(board);
  for (const state of next.states) state.tasks = state.tasks.filter((task) => task.id !== taskId);
  if (!holds(next.archive, taskId)) next.archive.push({ id: taskId, added: now });
  return next;
}

/**
 * Rule 4. The caller has checked that a task coming from the backlog is an existing booking.
 * - destination "archive": rule 5;
 * - task in a state: without newIndex nothing moves; otherwise it leaves its state and is inserted at
 *   newIndex of the destination state (added reset only when the state changes); a destination that
 *   is no state sends it back to the backlog;
 * - task in no state (backlog or archive): inserted at newIndex (default 0) of the destination state
 *   with added = now and removed from the archive; a destination that is no state only un-archives it.
 * The destination state's actions run whenever it differs from the source, also when nothing moved
 * because newIndex was missing (as the rule says).
 */
export function moveTask(board: Board, request: MoveRequest, now: number): BoardChange {
  const { taskId, newIndex } = request;
  if (request.destination === ARCHIVE_DESTINATION) return { board: archiveTask(board, taskId, now), entered: null };
  const next = copy(board);
  const { state: source, archived } = locateTask(next, taskId);
  const destination = next.states.find((state) => state.id === request.destination) ?? null;

  if (source) {
    if (newIndex != null) {
      const task = source.tasks.find((candidate) => candidate.id === taskId);
      source.tasks = source.tasks.filter((candidate) => candidate.id !== taskId);
      const added = destination === source ? (task?.added ?? now) : now;
      destination?.tasks.splice(newIndex, 0, { id: taskId, added });
    }
    return { board: next, entered: destination && destination !== source ? { fromName: source.name, state: destination } : null };
  }

  next.archive = next.archive.filter((task) => task.id !== taskId);
  destination?.tasks.splice(newIndex ?? 0, 0, { id: taskId, added: now });
  return { board: next, entered: destination ? { fromName: archived ? ARCHIVE_NAME : BACKLOG_NAME, state: destination } : null };
}
