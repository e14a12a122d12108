import { messages } from '../../shared/messages';

/** The wizard's toasts (specification 03 section 8: event.create.success, event.update.success, errors.something-wrong). */
export const wizardToasts = {
  created: { title: 'Veranstaltung erstellt', message: 'Die Veranstaltung wurde erfolgreich erstellt.' },
  updated: { title: 'Änderungen gespeichert', message: 'Die Veranstaltung wurde erfolgreich aktualisiert.' },
  somethingWrong: messages.genericError,
  validationFailed: messages.validationFailed,
} as const;
