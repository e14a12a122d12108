import { describe, expect, it } from 'vitest';
import type { BookingHistoryEntryFragment } from '../../gql/graphql';
import { historyLine } from './bookingHistory';

const entry = (overrides: Partial<BookingHistoryEntryFragment>): BookingHistoryEntryFragment => ({
  id: '7',
  at: '2026-07-01T12:05:00.000Z',
  action: 'changed',
  actor: { kind: 'user', id: 'erika@rathaus.example', label: 'Erika Musterfrau' },
  via: 'graphql',
  changes: [],
  reason: null,
  ...overrides,
});

describe('historyLine', () => {
  it('writes the moment in Berlin summer time (24 hours), the action and the staff member in German', () => {
    expect(historyLine(entry({}))).toMatchObject({ when: '01.07.2026, 14:05', action: 'Geändert', actor: 'Erika Musterfrau (Mitarbeiter/in)' });
  });

  it('shows changed fields with old and new value: times in Berlin, flags as Ja/Nein, methods by name, a missing value as a dash', () => {
    const line = historyLine(
      entry({
        changes: [
          { field: 'name', before: '"Erika Mustermann"', after: '"Erika Musterfrau"' },
          { field: 'timeBegin', before: '"2026-12-01T09:00:00.000Z"', after: '"2026-12-02T09:00:00.000Z"' },
          { field: 'isPayed', before: 'false', after: 'true' },
          { field: 'paymentMethod', before: '"CASH"', after: '""' },
        ],
      }),
    );
    expect(line.changes).toEqual(['Name: Erika Mustermann → Erika Musterfrau', 'Beginn: 01.12.2026, 10:00 → 02.12.2026, 10:00', 'Bezahlt: Nein → Ja', 'Zahlungsart: Bar → –']);
  });

  it('names citizens, payment providers and the system by role, and a sent mail by its name alone', () => {
    expect(historyLine(entry({ action: 'created', actor: { kind: 'citizen', id: null, label: 'Bürger/in' } }))).toMatchObject({ action: 'Angelegt', actor: 'Bürger/in' });
    expect(historyLine(entry({ action: 'payment_notified', actor: { kind: 'payment_provider', id: 'giroCockpit', label: 'GiroCockpit' } })).actor).toBe('Zahlungsanbieter (GiroCockpit)');
    const mail = historyLine(entry({ action: 'mail_sent', actor: { kind: 'system', id: null, label: 'System' }, changes: [{ field: 'mail_kind', before: 'null', after: '"released"' }] }));
    expect(mail).toMatchObject({ action: 'E-Mail versandt', actor: 'System', changes: ['E-Mail: Freigabe'] });
  });
});
