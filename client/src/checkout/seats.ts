/** The most one may book at once: the object's own amount and, for a ticket, the seats left (null: no limit). */
export function bookableMaximum(amount: number | null, seatsLeft: number | null): number | null {
  if (seatsLeft === null) return amount;
  return amount ? Math.min(amount, seatsLeft) : seatsLeft;
}

/** "Noch 12 Plätze frei", "Noch 1 Platz frei", "Ausgebucht". */
export function seatsLeftText(seatsLeft: number): string {
  if (seatsLeft <= 0) return 'Ausgebucht';
  return seatsLeft === 1 ? 'Noch 1 Platz frei' : `Noch ${seatsLeft.toLocaleString('de-DE')} Plätze frei`;
}
