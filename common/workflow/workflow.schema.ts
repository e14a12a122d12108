/**
 * The input rules of a tenant's workflow with their German messages, written once for REST and
 * GraphQL: the states with their actions (the configuration) and the moves on the kanban board.
 * Every state and action must be an object (a null or a number in a list is named, not skipped); a
 * state needs a name, and a state id it brings must fit MAX_ID_LENGTH (it travels in lock keys and
 * live events) and be unique. A state without an id gets one from the server after parsing. An
 * e-mail action names its receivers' kind; a booking status action only known statuses. See
 * docs/bookings.md. Plain TypeScript.
 */
import { z } from 'zod';
import { fitsIdLength, idMessages } from '../validation/ids.js';
import { MAX_INT32, numberError } from '../validation/numbers.js';
import { anyValue, looseObject, schemaMessages } from '../validation/schema.js';

export const workflowActionTypes = ['email', 'bookingStatus'] as const;
export const workflowReceiverTypes = ['user', 'role'] as const;
export const workflowBookingStatuses = ['commit', 'paid', 'reject'] as const;
export type WorkflowActionType = (typeof workflowActionTypes)[number];
export type WorkflowReceiverType = (typeof workflowReceiverTypes)[number];
export type WorkflowBookingStatus = (typeof workflowBookingStatuses)[number];

/** An action a state runs when a booking enters it. */
export interface WorkflowActionData {
  type: WorkflowActionType;
  receiverType: WorkflowReceiverType | null;
  sendTo: string[];
  bookingStatus: WorkflowBookingStatus[];
}

export const workflowMessages = {
  required: schemaMessages.required,
  invalidValue: schemaMessages.invalidValue,
  duplicateStateId: 'Doppelte Status-ID',
  actionType: 'Ungültiger Aktionstyp',
  bookingStatus: 'Ungültiger Buchungsstatus',
  idTooLong: idMessages.tooLong,
} as const;

const isOneOf = <const Values extends readonly string[]>(values: Values, value: unknown): value is Values[number] => (values as readonly unknown[]).includes(value);

const strings = anyValue().transform((value) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []));

const trimmed = anyValue().transform((value) => (typeof value === 'string' ? value.trim() : ''));

/** A list whose absence or null is empty; anything else that is no list is `Ungültiger Wert`. */
const listOrEmpty = <Item extends z.ZodType>(item: Item) =>
  anyValue()
    .transform((value) => value ?? [])
    .pipe(z.array(item, { error: workflowMessages.invalidValue }));

const workflowAction = z
  .object(
    { type: anyValue(), receiverType: anyValue(), sendTo: strings, bookingStatus: strings },
    { error: workflowMessages.invalidValue },
  )
  .superRefine((action, context) => {
    if (!isOneOf(workflowActionTypes, action.type)) context.addIssue({ code: 'custom', path: ['type'], message: workflowMessages.actionType });
    if (action.type === 'email') {
      if (!isOneOf(workflowReceiverTypes, action.receiverType)) context.addIssue({ code: 'custom', path: ['receiverType'], message: workflowMessages.required });
    } else if (action.bookingStatus.some((status) => !isOneOf(workflowBookingStatuses, status))) {
      context.addIssue({ code: 'custom', path: ['bookingStatus'], message: workflowMessages.bookingStatus });
    }
  })
  .transform(
    (action): WorkflowActionData =>
      action.type === 'email'
        ? { type: 'email', receiverType: action.receiverType as WorkflowReceiverType, sendTo: action.sendTo, bookingStatus: [] }
        : { type: action.type as WorkflowActionType, receiverType: null, sendTo: [], bookingStatus: action.bookingStatus as WorkflowBookingStatus[] },
  );

const workflowState = z.object(
  {
    /** '' when none is given: the server gives the state a new id. */
    id: trimmed.refine(fitsIdLength, { error: workflowMessages.idTooLong }),
    name: trimmed.refine((name) => name !== '', { error: workflowMessages.required }),
    actions: listOrEmpty(workflowAction),
  },
  { error: workflowMessages.invalidValue },
);

/** The states of a workflow as sent; absent or null is none. */
export const workflowStatesSchema = listOrEmpty(workflowState).superRefine(
  (states, context) => {
    // With `when` below, this also runs when the states are no list or some failed their own rules.
    if (!Array.isArray(states)) return;
    const seen = new Set<string>();
    states.forEach((state, index) => {
      const id = typeof state?.id === 'string' ? state.id.trim() : '';
      if (id === '' || !fitsIdLength(id)) return;
      if (seen.has(id)) context.addIssue({ code: 'custom', path: [index, 'id'], message: workflowMessages.duplicateStateId });
      seen.add(id);
    });
  },
  // A repeated id is named beside every other wrong field.
  { when: () => true },
);

export type WorkflowStateInput = z.output<typeof workflowStatesSchema>[number];

/** A task id (a booking number): digits as a number or text, at most MAX_ID_LENGTH. */
export const taskIdSchema = anyValue()
  .transform((value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : ''))
  .superRefine((taskId, context) => {
    const message = taskId === '' ? workflowMessages.required : fitsIdLength(taskId) ? null : workflowMessages.idTooLong;
    if (message) context.addIssue({ code: 'custom', message });
  });

/** Archiving a task. */
export const archiveTaskSchema = looseObject({ taskId: taskIdSchema });

/** A move on the kanban board (`operation` and `oldIndex` are ignored); without newIndex a placed card stays. */
export const moveTaskSchema = looseObject({
  taskId: taskIdSchema,
  destination: trimmed.refine((destination) => destination !== '', { error: workflowMessages.required }),
  newIndex: anyValue().refine((value) => value === null || (typeof value === 'number' && numberError(value, { max: MAX_INT32, integer: true }) === null), {
    error: workflowMessages.invalidValue,
  }),
}).transform(({ taskId, destination, newIndex }) => ({ taskId, destination, newIndex: newIndex as number | null }));

export type WorkflowMove = z.output<typeof moveTaskSchema>;
