import { Entity, ManyToOne, PrimaryKey, Property, Unique, type Opt, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Tenant } from '../tenants/tenant.entity.js';

import type { WorkflowActionData } from '../../../common/workflow/workflow.schema.js';

// The vocabulary of states and actions lives with their input rules.
export { workflowActionTypes, workflowBookingStatuses, workflowReceiverTypes, type WorkflowActionData, type WorkflowBookingStatus } from '../../../common/workflow/workflow.schema.js';

/** A booking on the board as REST shows it: its number and when it entered the state (epoch ms). */
export interface WorkflowTaskData {
  id: string;
  added: number | null;
}

/** A state of the workflow's configuration; the bookings in it are rows of workflow_tasks. */
export interface WorkflowStateData {
  id: string;
  name: string;
  actions: WorkflowActionData[];
}

/**
 * The booking workflow of a tenant (one per tenant): its configuration with the ordered states.
 * The board itself (which booking is where) lives in workflow_tasks (workflow-tasks.ts).
 */
@Entity({ tableName: 'workflows' })
@Unique({ properties: ['tenant'] })
export class Workflow {
  @PrimaryKey({ type: 'uuid' })
  id: Opt<string> = randomUUID();

  @ManyToOne(() => Tenant, { deleteRule: 'cascade' })
  tenant!: Rel<Tenant>;

  @Property({ type: 'text', default: '' })
  name: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  description: Opt<string> = '';

  @Property({ type: 'boolean', default: false })
  active: Opt<boolean> = false;

  /** Id of the state new bookings start in; empty for none. */
  @Property({ type: 'text', default: '' })
  defaultState: Opt<string> = '';

  @Property({ type: 'jsonb', default: '[]' })
  states: Opt<WorkflowStateData[]> = [];

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
