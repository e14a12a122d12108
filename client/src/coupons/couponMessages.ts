/** Toasts of the coupons screen. */
export const couponMessages = {
  created: { title: 'Gutschein erstellt', message: 'Der Gutschein wurde erfolgreich erstellt.' },
  edited: { title: 'Gutschein bearbeitet', message: 'Die Änderungen wurden erfolgreich gespeichert.' },
  deleted: { title: 'Gutschein gelöscht', message: 'Der Gutschein wurde erfolgreich gelöscht.' },
  /** coupon.create.error: the server's text wins when it answers; this is the fallback. */
  saveError: { title: 'Fehler beim Speichern des Gutscheins', message: 'Der Gutscheincode muss eindeutig sein.' },
  deleteError: { title: 'Fehler', message: 'Der Gutschein konnte nicht gelöscht werden.' },
} as const;
