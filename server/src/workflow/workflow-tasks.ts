import type { EntityManager } from '@mikro-orm/postgresql';
import { pgTextArray } from '../shared/sql.js';
import { insertion, removal, type ColumnSpan, type Shift, type TaskPlace } from './workflow.board.js';

/**
 * The board's rows (table workflow_tasks, see its migration): one row per booking in a state (with
 * its position) or archived (no state); a booking without a row is in the backlog. Every function
 * works inside the caller's transaction.
 *
 * Locks, so that concurrent moves on any number of server processes never lose one another's
 * changes: a transaction-scoped advisory lock per task (two moves of the same card run one after
 * the other, the second sees where the first put it) and one per state whose positions change
 * (insertions and removals in one column are serialised; different columns do not wait). Locks are
 * always taken task first, then states in sorted order, so two moves cannot deadlock. Within the
 * order of every booking change (bookings/booking.locks.ts: workflow row, booking row, task,
 * objects, states) a move holds the booking's row before its task, and the objects a status action
 * claims come before the states.
 */

const lockKey = (kind: 'task' | 'state', tenantId: string, id: string) => `workflow-${kind}:${tenantId}:${id}`;

export async function lockTask(em: EntityManager, tenantId: string, taskId: string): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [lockKey('task', tenantId, taskId)]);
}

export async function lockStates(em: EntityManager, tenantId: string, stateIds: readonly (string | null)[]): Promise<void> {
  const sorted = [...new Set(stateIds.filter((id): id is string => id !== null))].sort();
  for (const stateId of sorted) await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [lockKey('state', tenantId, stateId)]);
}

interface TaskRow {
  task_id: string;
  state_id: string | null;
  position: number | null;
  entered_at: Date | string | null;
}

const epoch = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());

function placeOf(row: TaskRow | undefined): TaskPlace {
  if (!row) return { kind: 'backlog' };
  if (row.state_id === null || row.position === null) return { kind: 'archived', enteredAt: epoch(row.entered_at) };
  return { kind: 'state', stateId: row.state_id, position: row.position, enteredAt: epoch(row.entered_at) };
}

export async function readPlace(em: EntityManager, tenantId: string, taskId: string): Promise<TaskPlace> {
  const rows = await em.execute<TaskRow[]>('select task_id, state_id, position, entered_at from workflow_tasks where tenant_id = ? and task_id = ?', [tenantId, taskId]);
  return placeOf(rows[0]);
}

/** Where each of the given tasks is (the backlog for those without a row). */
export async function readPlaces(em: EntityManager, tenantId: string, taskIds: readonly string[]): Promise<Map<string, TaskPlace>> {
  const places = new Map<string, TaskPlace>(taskIds.map((id) => [id, { kind: 'backlog' }]));
  if (taskIds.length === 0) return places;
  const rows = await em.execute<TaskRow[]>('select task_id, state_id, position, entered_at from workflow_tasks where tenant_id = ? and task_id = any(?::text[])', [
    tenantId,
    pgTextArray(taskIds),
  ]);
  for (const row of rows) places.set(row.task_id, placeOf(row));
  return places;
}

export async function readSpan(em: EntityManager, tenantId: string, stateId: string): Promise<ColumnSpan> {
  const [row] = await em.execute<{ first: number | null; count: string }[]>(
    'select min(position) as first, count(*) as count from workflow_tasks where tenant_id = ? and state_id = ?',
    [tenantId, stateId],
  );
  return { first: row?.first ?? 0, count: Number(row?.count ?? 0) };
}

async function applyShift(em: EntityManager, tenantId: string, stateId: string, shift: Shift | null): Promise<void> {
  if (!shift) return;
  await em.execute('update workflow_tasks set position = position + ? where tenant_id = ? and state_id = ? and position between ? and ?', [
    shift.by,
    tenantId,
    stateId,
    shift.from,
    shift.to,
  ]);
}

/** Takes the task out of its state, closing the gap (the state must be locked). */
export async function leaveState(em: EntityManager, tenantId: string, place: Extract<TaskPlace, { kind: 'state' }>, taskId: string): Promise<void> {
  const { shift } = removal(await readSpan(em, tenantId, place.stateId), place.position);
  await em.execute('delete from workflow_tasks where tenant_id = ? and task_id = ?', [tenantId, taskId]);
  await applyShift(em, tenantId, place.stateId, shift);
}

/** Puts the task (in no state now) at `index` of the state (which must be locked); answers the index it got. */
export async function enterState(em: EntityManager, tenantId: string, taskId: string, stateId: string, index: number, enteredAt: Date | null): Promise<number> {
  const span = await readSpan(em, tenantId, stateId);
  const { position, shift } = insertion(span, index);
  await applyShift(em, tenantId, stateId, shift);
  await em.execute(
    `insert into workflow_tasks (tenant_id, task_id, state_id, position, entered_at) values (?, ?, ?, ?, ?)
     on conflict (tenant_id, task_id) do update set state_id = excluded.state_id, position = excluded.position, entered_at = excluded.entered_at`,
    [tenantId, taskId, stateId, position, enteredAt],
  );
  return Math.max(0, Math.min(index, span.count));
}

/** Archives the task (in no state now) with the given time. */
export async function archive(em: EntityManager, tenantId: string, taskId: string, enteredAt: Date): Promise<void> {
  await em.execute(
    `insert into workflow_tasks (tenant_id, task_id, state_id, position, entered_at) values (?, ?, null, null, ?)
     on conflict (tenant_id, task_id) do update set state_id = null, position = null, entered_at = excluded.entered_at`,
    [tenantId, taskId, enteredAt],
  );
}

/** Back to the backlog: the row goes (the task must be in no state). */
export async function forget(em: EntityManager, tenantId: string, taskId: string): Promise<void> {
  await em.execute('delete from workflow_tasks where tenant_id = ? and task_id = ?', [tenantId, taskId]);
}

/** Tasks of states that no longer exist go back to the backlog (after a configuration change). */
export async function dropTasksOutside(em: EntityManager, tenantId: string, stateIds: readonly string[]): Promise<void> {
  await em.execute('delete from workflow_tasks where tenant_id = ? and state_id is not null and not (state_id = any(?::text[]))', [tenantId, pgTextArray(stateIds)]);
}

export interface BoardRow {
  taskId: string;
  /** Null: archived. */
  stateId: string | null;
  /** Index in the state (0 = top); null when archived. */
  index: number | null;
  enteredAt: number | null;
}

/**
 * The whole board of the tenant: tasks in states by state and position, then the archive in the
 * order it was filled. `withArchive: false` leaves the (ever-growing) archive out.
 */
export async function readBoard(em: EntityManager, tenantId: string, options: { withArchive: boolean }): Promise<BoardRow[]> {
  const rows = await em.execute<(TaskRow & { index: number | null })[]>(
    `select task_id, state_id, position, entered_at,
            (position - min(position) over (partition by state_id))::int as index
       from workflow_tasks
      where tenant_id = ? ${options.withArchive ? '' : 'and state_id is not null'}
      order by state_id nulls last, position, entered_at nulls first, task_id`,
    [tenantId],
  );
  return rows.map((row) => ({ taskId: row.task_id, stateId: row.state_id, index: row.state_id === null ? null : row.index, enteredAt: epoch(row.entered_at) }));
}
