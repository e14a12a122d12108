import { bookingHistoryActionLabel, bookingHistoryActorLabel, bookingHistoryFieldLabel, bookingHistoryValueText } from '../../../../common/bookings/history';
import { formatBerlinDateTime } from '../../../../common/format/german';
import type { BookingHistoryEntryFragment } from '../../gql/graphql';

/** One line of the timeline, in German. */
export interface HistoryLine {
  id: string;
  at: string;
  /** "26.11.2026, 14:05" in Berlin time. */
  when: string;
  action: string;
  actor: string;
  /** "Name: Erika Mustermann → Erika Musterfrau"; a value that is new alone: "E-Mail: Freigabe". */
  changes: string[];
  reason: string | null;
}

/** The values travel as JSON text; anything unreadable is shown as it came. */
function parsed(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export function historyLine(entry: BookingHistoryEntryFragment): HistoryLine {
  return {
    id: entry.id,
    at: entry.at,
    when: formatBerlinDateTime(new Date(entry.at)),
    action: bookingHistoryActionLabel(entry.action),
    actor: bookingHistoryActorLabel(entry.actor),
    changes: entry.changes.map((change) => {
      const text = (value: string) => bookingHistoryValueText(change.field, parsed(value), formatBerlinDateTime);
      const label = bookingHistoryFieldLabel(change.field);
      const before = parsed(change.before);
      return before === null ? `${label}: ${text(change.after)}` : `${label}: ${text(change.before)} → ${text(change.after)}`;
    }),
    reason: entry.reason ?? null,
  };
}
