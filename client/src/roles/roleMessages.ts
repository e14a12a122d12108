/** Toasts of the roles screen. */
export const roleMessages = {
  created: { title: 'Rolle erstellt', message: 'Die Rolle wurde erfolgreich erstellt.' },
  edited: { title: 'Rolle gespeichert', message: 'Die Änderungen wurden erfolgreich gespeichert.' },
  deleted: { title: 'Rolle gelöscht', message: 'Die Rolle wurde erfolgreich gelöscht.' },
  saveError: { title: 'Fehler', message: 'Die Rolle konnte nicht gespeichert werden.' },
  deleteError: { title: 'Fehler', message: 'Die Rolle konnte nicht gelöscht werden.' },
} as const;
