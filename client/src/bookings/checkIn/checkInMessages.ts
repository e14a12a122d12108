import type { CheckInTicketMutation } from '../../gql/graphql';
import { formatDateTime } from '../../shared/format';

type CheckInResult = CheckInTicketMutation['checkInTicket'];

/** The big line the door reads after a scan, and its tone. */
export interface CheckInMessage {
  headline: string;
  details: string;
  intent: 'success' | 'warning' | 'danger';
}

/** "Sommerkonzert · Erwachsene · Erika Mustermann · Ticket 2 von 3". */
function ticketLine(result: CheckInResult): string {
  const ticket = result.position && result.ofCount ? `Ticket ${result.position} von ${result.ofCount}` : '';
  return [result.eventName, result.ticketType, result.holderName, ticket].filter(Boolean).join(' · ');
}

export function checkInMessage(result: CheckInResult): CheckInMessage {
  switch (result.status) {
    case 'CHECKED_IN':
      return { headline: `Eingelassen: ${result.holderName || 'Ticket gültig'}`, details: ticketLine(result), intent: 'success' };
    case 'ALREADY_USED':
      return { headline: `Bereits verwendet am ${result.usedAt ? formatDateTime(result.usedAt) : '–'}`, details: ticketLine(result), intent: 'danger' };
    case 'NOT_VALID':
      return { headline: 'Buchung storniert', details: ticketLine(result), intent: 'danger' };
    default:
      return { headline: 'Unbekannter Code', details: 'Kein Ticket dieses Mandanten hat diesen Code.', intent: 'warning' };
  }
}
