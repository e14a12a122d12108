import type { WeekdayCode } from '../../../common/bookings/series';
import type { AllocationDecision, AllocationRoundState } from '../gql/graphql';
import { formatDate } from '../shared/format';

/**
 * The words of the allocation screens: weekdays, rhythms, states and decisions, a slot as one line.
 * Pure, so the screens and their tests read the same texts.
 */

export const allocationWeekdays: WeekdayCode[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
export const weekdayNames: Record<WeekdayCode, string> = { MO: 'Montag', TU: 'Dienstag', WE: 'Mittwoch', TH: 'Donnerstag', FR: 'Freitag', SA: 'Samstag', SU: 'Sonntag' };
export const weekdayShortNames: Record<WeekdayCode, string> = { MO: 'Mo', TU: 'Di', WE: 'Mi', TH: 'Do', FR: 'Fr', SA: 'Sa', SU: 'So' };

export const roundStateLabels: Record<AllocationRoundState, string> = { OPEN: 'offen', PUBLISHED: 'veröffentlicht' };

/** "wöchentlich", "alle 2 Wochen". */
export function intervalText(interval: number): string {
  return interval <= 1 ? 'wöchentlich' : `alle ${interval} Wochen`;
}

/** "Dienstag, 18:00–20:00 Uhr". */
export function slotText(slot: { weekday: WeekdayCode; timeBegin: string; timeEnd: string }): string {
  return `${weekdayNames[slot.weekday]}, ${slot.timeBegin}–${slot.timeEnd} Uhr`;
}

/** A Berlin day "YYYY-MM-DD" as "02.11.2027". */
export function dayText(day: string): string {
  return `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
}

/** "01.11.2027 – 05.12.2027". */
export function seasonText(round: { seasonBegin: string; seasonEnd: string }): string {
  return `${dayText(round.seasonBegin)} – ${dayText(round.seasonEnd)}`;
}

/** The application window: "01.10.2027 – 15.10.2027" (instants, Berlin days). */
export function windowText(round: { applicationsFrom: string; applicationsUntil: string }): string {
  return `${formatDate(round.applicationsFrom)} – ${formatDate(round.applicationsUntil)}`;
}

/** Whether the application window is open at `now`. */
export function windowOpen(round: { applicationsFrom: string; applicationsUntil: string }, now: number): boolean {
  return Date.parse(round.applicationsFrom) <= now && now < Date.parse(round.applicationsUntil);
}

/** A wish's decision as the applicant and staff read it. */
export function decisionText(decision: AllocationDecision | null | undefined): string {
  if (decision === 'GRANT') return 'zugesagt';
  if (decision === 'DECLINE') return 'abgesagt';
  return 'noch nicht entschieden';
}

/** Why a season date cannot be booked, when the server gives no text of its own. */
const leftOutReasons: Record<string, string> = { taken: 'belegt', closed: 'geschlossen', holiday: 'Ferien oder Feiertag', horizon: 'außerhalb des Buchungszeitraums', limit: 'Buchungsgrenze erreicht' };

/** "09.11.2027 (belegt)". */
export function leftOutText(date: { date: string; reason: string | null; reasonText: string | null }): string {
  const reason = date.reasonText || (date.reason ? (leftOutReasons[date.reason] ?? date.reason) : '');
  return reason ? `${dayText(date.date)} (${reason})` : dayText(date.date);
}

/** A history entry's action. */
const historyActions: Record<string, string> = { round_created: 'Runde angelegt', round_updated: 'Runde geändert', decided: 'Entscheidung', published: 'Veröffentlicht' };
export function historyActionText(action: string): string {
  return historyActions[action] ?? action;
}

/** A decision as the history shows it: "zugesagt: Dienstag, 20:00–22:00 Uhr", "abgesagt (Halle belegt)". */
export function snapshotText(
  snapshot: { decision: AllocationDecision | null; weekday: WeekdayCode | null; timeBegin: string | null; timeEnd: string | null; reason: string; bookableId: string | null } | null,
  objectTitle: (id: string) => string,
): string {
  if (!snapshot || !snapshot.decision) return 'offen';
  if (snapshot.decision === 'DECLINE') return snapshot.reason ? `abgesagt (${snapshot.reason})` : 'abgesagt';
  const where = snapshot.bookableId ? `${objectTitle(snapshot.bookableId)}, ` : '';
  const when = snapshot.weekday && snapshot.timeBegin && snapshot.timeEnd ? slotText({ weekday: snapshot.weekday, timeBegin: snapshot.timeBegin, timeEnd: snapshot.timeEnd }) : '';
  return `zugesagt${where || when ? `: ${where}${when}` : ''}`;
}

/** "18:00" from an hour. */
export const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
