/** Toasts of the series actions; a server's answer wins where it gives one. */
export const seriesMessages = {
  loadError: 'Die Serie konnte nicht geladen werden.',
  released: (count: number) => ({ title: 'Serie freigegeben', message: count === 1 ? 'Ein offener Termin wurde freigegeben.' : `${count} offene Termine wurden freigegeben.` }),
  releaseError: { title: 'Fehler', message: 'Die Termine der Serie konnten nicht freigegeben werden.' },
  cancelled: (count: number) => ({ title: 'Serie storniert', message: count === 1 ? 'Ein Termin wurde storniert.' : `${count} Termine wurden storniert.` }),
  cancelError: { title: 'Fehler', message: 'Die Termine der Serie konnten nicht storniert werden.' },
} as const;
