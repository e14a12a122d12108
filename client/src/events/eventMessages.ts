import { messages } from '../shared/messages';

/** Toasts of the event screens. */
export const eventMessages = {
  /** event.create.success */
  created: { title: 'Veranstaltung erstellt', message: 'Die Veranstaltung wurde erfolgreich erstellt.' },
  /** event.update.success */
  updated: { title: 'Änderungen gespeichert', message: 'Die Veranstaltung wurde erfolgreich aktualisiert.' },
  /** event.delete.success */
  deleted: { title: 'Veranstaltung gelöscht', message: 'Die Veranstaltung wurde erfolgreich gelöscht.' },
  /** event.duplicate.success */
  duplicated: { title: 'Veranstaltung dupliziert', message: 'Die Kopie wurde angelegt.' },
  /** errors.something-wrong */
  somethingWrong: messages.genericError,
  /** event.duplicate.errors.something-wrong */
  duplicateError: { title: 'Fehler beim Duplizieren', message: 'Die Veranstaltung konnte nicht dupliziert werden.' },
} as const;

/** The list's banner while no further event may be public. */
export const EVENT_QUOTA_REACHED_TEXT =
  'Sie haben die maximale Anzahl an öffentlichen Events erreicht. Erweitern Sie Ihr Kontingent, oder löschen Sie nicht mehr benötigte Events.';
