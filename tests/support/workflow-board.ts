import type { WorkflowTaskData } from '../../server/src/workflow/workflow.entity.js';
import { Workflow } from '../../server/src/workflow/workflow.entity.js';
import { readBoard } from '../../server/src/workflow/workflow-tasks.js';
import type { InProcessApp } from './app.js';

export interface StoredBoard {
  states: { id: string; tasks: WorkflowTaskData[] }[];
  archive: WorkflowTaskData[];
}

/** The tenant's board as stored: the states in order with their tasks from the top, and the archive. */
export async function storedBoard(app: Pick<InProcessApp, 'orm'>, tenantId: string): Promise<StoredBoard> {
  const em = app.orm.em.fork();
  const workflow = await em.findOneOrFail(Workflow, { tenant: tenantId });
  const rows = await readBoard(em, tenantId, { withArchive: true });
  const task = (row: (typeof rows)[number]): WorkflowTaskData => ({ id: row.taskId, added: row.enteredAt });
  return {
    states: workflow.states.map((state) => ({ id: state.id, tasks: rows.filter((row) => row.stateId === state.id).map(task) })),
    archive: rows.filter((row) => row.stateId === null).map(task),
  };
}
