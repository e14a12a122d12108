/**
 * The seat limit of an event against the seats already sold (bookings of its tickets that are not
 * rejected): a limit below them would leave sold tickets without a seat. The server refuses such a
 * change; the wizard warns before saving, with the same words.
 */
export function seatsSoldMessage(sold: number): string {
  return `${sold === 1 ? 'Es ist bereits 1 Platz' : `Es sind bereits ${sold} Plätze`} verkauft. Die Teilnehmeranzahl darf nicht darunter liegen.`;
}

/** The message when the limit lies below the seats sold; null when it fits (an empty limit is unlimited and always fits). */
export function seatLimitError(maxAttendees: number | null, sold: number): string | null {
  return maxAttendees !== null && maxAttendees < sold ? seatsSoldMessage(sold) : null;
}
