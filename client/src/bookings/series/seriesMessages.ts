/** Texts and toasts of the series section; a server's answer wins where it gives one. */
export const seriesMessages = {
  loadError: 'Die Serie konnte nicht geladen werden.',
  released: { title: 'Serie freigegeben', message: 'Die offenen Termine der Serie wurden freigegeben.' },
  releaseError: { title: 'Fehler', message: 'Die Termine der Serie konnten nicht freigegeben werden.' },
  markedPaid: { title: 'Zahlung erfasst', message: 'Die offenen Termine der Serie wurden als bezahlt markiert.' },
  markPaidError: { title: 'Fehler', message: 'Die Serie konnte nicht als bezahlt markiert werden.' },
  cancelled: { title: 'Serie storniert', message: 'Die Termine der Serie wurden storniert.' },
  cancelError: { title: 'Fehler', message: 'Die Termine der Serie konnten nicht storniert werden.' },
  changed: (booked: number, cancelled: number) => ({
    title: 'Serie geändert',
    message: `${booked} ${booked === 1 ? 'neuer Termin' : 'neue Termine'} gebucht, ${cancelled} ${cancelled === 1 ? 'Termin' : 'Termine'} storniert.`,
  }),
  changeError: { title: 'Fehler', message: 'Die Serie konnte nicht geändert werden.' },
} as const;
