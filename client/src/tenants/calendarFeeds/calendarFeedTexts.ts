import { calendarFeedKindLabels, type CalendarFeedKind } from '../../../../common/feeds/calendar-feed';

/** The German texts of the calendar feeds screen and its dialog. */
export const calendarFeedTexts = {
  title: 'Kalender-Abos',
  intro:
    'Ein Kalender-Abo zeigt die Buchungen in Outlook, Google Kalender oder auf dem Telefon – über eine geheime Adresse, ohne Anmeldung. Wer die Adresse kennt, sieht den Kalender: Geben Sie sie nur an Berechtigte weiter und widerrufen Sie sie, wenn sie nicht mehr gebraucht wird.',
  create: 'Abo erstellen',
  revoke: 'Widerrufen',
  revokeQuestion: (name: string) => `Möchten Sie das Kalender-Abo „${name}“ wirklich widerrufen? Kalender, die es abonniert haben, erhalten danach keine Termine mehr.`,
  allObjects: 'alle Objekte',
  urlOnce: 'Diese Adresse wird nur jetzt angezeigt.',
  urlHint: 'Kopieren Sie sie jetzt und abonnieren Sie sie in Ihrem Kalenderprogramm („Kalender aus dem Internet hinzufügen“). Gespeichert wird nur ein Fingerabdruck; eine verlorene Adresse lässt sich nur widerrufen und neu erstellen.',
  urlLabel: 'Adresse (https)',
  webcalLabel: 'Adresse zum direkten Abonnieren (webcal)',
  copied: { title: 'Adresse kopiert', message: 'Die Adresse des Kalender-Abos liegt in der Zwischenablage.' },
  copyFailed: { title: 'Kopieren nicht möglich', message: 'Bitte markieren und kopieren Sie die Adresse selbst.' },
  created: { title: 'Kalender-Abo erstellt' },
  createError: { title: 'Kalender-Abo nicht erstellt', message: 'Bitte versuchen Sie es erneut.' },
  revoked: { title: 'Kalender-Abo widerrufen' },
  revokeError: { title: 'Kalender-Abo nicht widerrufen', message: 'Bitte versuchen Sie es erneut.' },
  personal: 'Mit Kundendaten (Name, Buchungsnummer, Status)',
  personalHint: 'Nur für interne Kalender. Ohne diese Option zeigt das Abo nur „Belegt“ für ein öffentliches Objekt.',
  personalNotAllowed: 'Abos mit Kundendaten erstellt, wer alle Buchungen des Mandanten lesen darf.',
} as const;

/** The kind of a feed as the list names it (the GraphQL enum is upper case). */
export function kindLabel(kind: string): string {
  return calendarFeedKindLabels[kind.toLowerCase() as CalendarFeedKind] ?? kind;
}

/** The webcal:// form of a feed's https URL: most calendar programs subscribe to it on a click. */
export const webcalUrl = (url: string): string => url.replace(/^https?:\/\//, 'webcal://');
