import { Entity, ManyToOne, PrimaryKey, Property, Unique, type Opt, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Tenant } from '../tenants/tenant.entity.js';

export const workflowActionTypes = ['email', 'bookingStatus'] as const;
export const workflowReceiverTypes = ['user', 'role'] as const;
export const workflowBookingStatuses = ['commit', 'paid', 'reject'] as const;
export type WorkflowBookingStatus = (typeof workflowBookingStatuses)[number];

/** A booking on the board as REST shows it: its number and when it entered the state (epoch ms). */
export interface WorkflowTaskData {
  id: string;
  added: number | null;
}

/** What happens when a booking enters a state. */
export interface WorkflowActionData {
  type: (typeof workflowActionTypes)[number];
  receiverType: (typeof workflowReceiverTypes)[number] | null;
  sendTo: string[];
  bookingStatus: WorkflowBookingStatus[];
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
