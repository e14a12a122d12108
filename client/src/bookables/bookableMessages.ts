/** Toasts of the bookable screens. */
export const bookableMessages = {
  /** bookable.delete.success */
  deleted: { title: 'Buchungsobjekt gelöscht', message: 'Das Buchungsobjekt wurde erfolgreich gelöscht.' },
  /** bookable.duplicate.success */
  duplicated: { title: 'Buchungsobjekt dupliziert', message: 'Die Kopie wurde angelegt.' },
  /** errors.something-wrong */
  somethingWrong: { title: 'Fehler', message: 'Etwas ist schiefgelaufen.' },
  /** bookable.duplicate.errors.something-wrong */
  duplicateError: { title: 'Fehler beim Duplizieren', message: 'Das Buchungsobjekt konnte nicht dupliziert werden.' },
} as const;
