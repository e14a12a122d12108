/** Texts of the kanban view: toasts and what the live region announces. */
export const kanbanMessages = {
  moved: (id: string, place: string) => ({ title: 'Buchung verschoben', message: `Die Buchung ${id} ist jetzt in „${place}“.` }),
  archived: (id: string) => ({ title: 'Buchung archiviert', message: `Die Buchung ${id} wurde archiviert.` }),
  moveError: { title: 'Fehler', message: 'Die Buchung konnte nicht verschoben werden.' },
  pickedUp: (id: string) => `Buchung ${id} aufgenommen. Pfeiltasten verschieben sie, Leertaste oder Eingabetaste legt sie ab, Escape bricht ab.`,
  pending: (place: string, position: number, count: number) => `${place}, Position ${position} von ${count}.`,
  pendingBacklog: 'Backlog (nach Erstellung sortiert).',
  cancelled: (id: string) => `Verschieben von Buchung ${id} abgebrochen.`,
  unchanged: (id: string) => `Buchung ${id} bleibt, wo sie ist.`,
  instructions: 'Pfeiltasten wechseln zwischen den Karten. Leertaste nimmt eine Karte auf, Pfeiltasten verschieben sie, Leertaste oder Eingabetaste legt sie ab, Escape bricht ab.',
} as const;

/** The backlog's name: its column's label and the place in messages. */
export const BACKLOG_NAME = 'Backlog';
