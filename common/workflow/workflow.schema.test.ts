import { describe, expect, it } from 'vitest';
import { parseFields } from '../validation/schema.js';
import { archiveTaskSchema, moveTaskSchema, workflowStatesSchema } from './workflow.schema.js';

const errorsOf = (schema: Parameters<typeof parseFields>[0], input: unknown) => {
  const result = parseFields(schema, input);
  return result.ok ? {} : result.fieldErrors;
};

describe('workflow states schema', () => {
  it('reads absent or null states as none and names a states value that is no list', () => {
    expect(parseFields(workflowStatesSchema, null)).toEqual({ ok: true, value: [] });
    expect(errorsOf(workflowStatesSchema, 'Eingang')).toEqual({ _: 'Ungültiger Wert' });
  });

  it('normalises states and actions, leaving the id of a new state to the server', () => {
    const parsed = parseFields(workflowStatesSchema, [
      { id: ' s1 ', name: ' Eingang ', actions: [{ type: 'email', receiverType: 'role', sendTo: ['r1', 3], bookingStatus: ['paid'] }] },
      { name: 'Freigabe', actions: [{ type: 'bookingStatus', receiverType: 'user', sendTo: ['x'], bookingStatus: ['commit'] }] },
    ]);
    expect(parsed).toEqual({
      ok: true,
      value: [
        { id: 's1', name: 'Eingang', actions: [{ type: 'email', receiverType: 'role', sendTo: ['r1'], bookingStatus: [] }] },
        { id: '', name: 'Freigabe', actions: [{ type: 'bookingStatus', receiverType: null, sendTo: [], bookingStatus: ['commit'] }] },
      ],
    });
  });

  it('names every wrong state and action by its path', () => {
    expect(
      errorsOf(workflowStatesSchema, [
        null,
        { id: 'a', name: ' ', actions: 'mail' },
        { id: 'a', name: 'B', actions: [7, { type: 'fax' }, { type: 'email', receiverType: 'alle' }, { type: 'bookingStatus', bookingStatus: ['storno'] }] },
        { id: 'x'.repeat(257), name: 'C' },
      ]),
    ).toEqual({
      '0': 'Ungültiger Wert',
      '1.name': 'Pflichtfeld',
      '1.actions': 'Ungültiger Wert',
      '2.id': 'Doppelte Status-ID',
      '2.actions.0': 'Ungültiger Wert',
      '2.actions.1.type': 'Ungültiger Aktionstyp',
      '2.actions.2.receiverType': 'Pflichtfeld',
      '2.actions.3.bookingStatus': 'Ungültiger Buchungsstatus',
      '3.id': 'Maximal 256 Zeichen erlaubt.',
    });
  });
});

describe('workflow move schema', () => {
  it('takes a booking number as number or text, a destination and an optional whole index', () => {
    expect(parseFields(moveTaskSchema, { taskId: 1234, destination: ' s1 ', newIndex: 0, oldIndex: 3 })).toEqual({ ok: true, value: { taskId: '1234', destination: 's1', newIndex: 0 } });
    expect(parseFields(moveTaskSchema, { taskId: ' 12 ', destination: 'archive' })).toEqual({ ok: true, value: { taskId: '12', destination: 'archive', newIndex: null } });
  });

  it('names a missing task and destination and an index that is no whole number from 0', () => {
    expect(errorsOf(moveTaskSchema, { newIndex: 1.5 })).toEqual({ taskId: 'Pflichtfeld', destination: 'Pflichtfeld', newIndex: 'Ungültiger Wert' });
    expect(errorsOf(moveTaskSchema, { taskId: 'x'.repeat(257), destination: 's', newIndex: '1' })).toEqual({ taskId: 'Maximal 256 Zeichen erlaubt.', newIndex: 'Ungültiger Wert' });
    expect(errorsOf(moveTaskSchema, { taskId: '1', destination: 's', newIndex: -1 })).toEqual({ newIndex: 'Ungültiger Wert' });
    expect(errorsOf(archiveTaskSchema, { taskId: '  ' })).toEqual({ taskId: 'Pflichtfeld' });
  });
});
