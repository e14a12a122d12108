/**
 * The German texts of the error catalogue that the client shows on
 * its own, i.e. not taken from a server error. Server errors carry their own title and message.
 */
export const messages = {
  sessionExpired: { title: 'Sitzung abgelaufen', message: 'Bitte melden Sie sich erneut an.' },
  unauthenticated: { title: 'Zugriff verweigert', message: 'Bitte melden Sie sich an.' },
  forbidden: { title: 'Keine Berechtigung', message: 'Sie haben keine Berechtigung für diese Aktion.' },
  genericError: { title: 'Fehler', message: 'Etwas ist schiefgelaufen.' },
  validationFailed: { title: 'Validierungsfehler', message: 'Bitte überprüfen Sie Ihre Eingaben.' },
  loginFailed: { title: 'Anmeldung fehlgeschlagen', message: 'Bitte versuchen Sie es erneut.' },
  registerFailed: { title: 'Registrierung fehlgeschlagen', message: 'Bitte versuchen Sie es erneut.' },
  logoutSuccess: { title: 'Erfolgreich abgemeldet', message: 'Bis bald!' },
  passwordResetSent: { title: 'E-Mail gesendet', message: 'Bitte öffnen Sie den Link in der E-Mail innerhalb von 60 Minuten und legen Sie dort Ihr neues Passwort fest.' },
  passwordResetError: { title: 'Fehler beim Zurücksetzen', message: 'Das Passwort konnte nicht zurückgesetzt werden.' },
  profileUpdated: { title: 'Gespeichert', message: 'Ihr Profil wurde erfolgreich aktualisiert.' },
  profileUpdateError: { title: 'Fehler', message: 'Ihr Profil konnte nicht aktualisiert werden.' },
  tenantSelected: { title: 'Mandant ausgewählt' },
  // The same words whether the address belongs to an unconfirmed, a confirmed or no account.
  verificationResent: {
    title: 'Bestätigungs-E-Mail angefordert',
    message: 'Falls ein noch nicht bestätigtes Konto zu dieser Adresse existiert, haben wir eine neue Bestätigungs-E-Mail gesendet.',
  },
} as const;
