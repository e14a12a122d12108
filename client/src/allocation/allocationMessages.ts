/** The toasts of the allocation screens. */
export const allocationToasts = {
  roundCreated: { title: 'Vergaberunde angelegt' },
  roundSaved: { title: 'Vergaberunde gespeichert' },
  roundSaveError: { title: 'Vergaberunde nicht gespeichert', message: 'Die Vergaberunde konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.' },
  granted: { title: 'Wunsch zugesagt' },
  declined: { title: 'Wunsch abgesagt' },
  decisionError: { title: 'Entscheidung nicht gespeichert', message: 'Die Entscheidung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.' },
  published: { title: 'Vergaberunde veröffentlicht' },
  publishError: { title: 'Nicht veröffentlicht', message: 'Die Vergaberunde konnte nicht veröffentlicht werden. Bitte versuchen Sie es erneut.' },
  applied: { title: 'Bewerbung eingereicht' },
  applicationSaved: { title: 'Bewerbung gespeichert' },
  applicationError: { title: 'Bewerbung nicht gespeichert', message: 'Die Bewerbung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.' },
  withdrawn: { title: 'Bewerbung zurückgezogen' },
  withdrawError: { title: 'Bewerbung nicht zurückgezogen', message: 'Die Bewerbung konnte nicht zurückgezogen werden. Bitte versuchen Sie es erneut.' },
} as const;
