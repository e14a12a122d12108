import { GraphQLError } from 'graphql';

/**
 * The error catalogue (docs/api.md describes the error answers). One entry per stable code: the German title
 * and text the interface shows, and the HTTP status the REST facade answers with.
 */
export const errorCatalogue = {
  'auth.unauthenticated': { status: 401, title: 'Zugriff verweigert', detail: 'Bitte melden Sie sich an.' },
  'auth.forbidden': { status: 403, title: 'Keine Berechtigung', detail: 'Sie haben keine Berechtigung für diese Aktion.' },
  'auth.session-expired': { status: 401, title: 'Sitzung abgelaufen', detail: 'Bitte melden Sie sich erneut an.' },
  'auth.login-failed': { status: 401, title: 'Anmeldung fehlgeschlagen', detail: 'Falsche E-Mail/Passwort' },
  'auth.csrf': { status: 403, title: 'Zugriff verweigert', detail: 'Die Anfrage wurde als websiteübergreifend abgelehnt.' },
  'auth.rate-limited': { status: 429, title: 'Zu viele Versuche', detail: 'Bitte warten Sie einige Minuten und versuchen Sie es erneut.' },
  'auth.token-with-session': { status: 400, title: 'Doppelte Anmeldung', detail: 'Die Anfrage enthält ein Sitzungs-Cookie und einen API-Schlüssel. Senden Sie nur eines von beiden.' },
  'webhook.not-found': { status: 404, title: 'Webhook nicht gefunden', detail: 'Den Webhook oder die Zustellung gibt es nicht (mehr).' },
  'token.not-found': { status: 404, title: 'API-Zugang nicht gefunden', detail: 'Den API-Zugang gibt es nicht (mehr).' },
  'feed.not-found': { status: 404, title: 'Kalender-Abo nicht gefunden', detail: 'Das Kalender-Abo gibt es nicht (mehr).' },
  'register.failed': { status: 500, title: 'Registrierung fehlgeschlagen', detail: 'Bitte versuchen Sie es erneut.' },
  'register.user-exists': { status: 409, title: 'Registrierung fehlgeschlagen', detail: 'Benutzer existiert bereits' },
  'register.missing-data': { status: 400, title: 'Fehlende Angaben', detail: 'Bitte füllen Sie alle Pflichtfelder aus.' },
  'password-reset.error': { status: 500, title: 'Fehler beim Zurücksetzen', detail: 'Das Passwort konnte nicht zurückgesetzt werden.' },
  'password-reset.wrong-email': { status: 404, title: 'Fehler beim Zurücksetzen', detail: 'Falsche E-Mail' },
  'password-reset.mismatch': { status: 400, title: 'Fehler beim Zurücksetzen', detail: 'Passwörter stimmen nicht überein' },
  'hook.invalid': { status: 404, title: 'Nicht gefunden', detail: 'Der Link ist ungültig oder abgelaufen.' },
  'generic.error': { status: 500, title: 'Fehler', detail: 'Etwas ist schiefgelaufen.' },
  'generic.not-found': { status: 404, title: 'Nicht gefunden', detail: 'Der angefragte Eintrag existiert nicht.' },
  'generic.validation': { status: 400, title: 'Validierungsfehler', detail: 'Bitte überprüfen Sie Ihre Eingaben.' },
  'generic.payload-too-large': { status: 413, title: 'Anfrage zu groß', detail: 'Die Anfrage ist zu groß (höchstens 1 MB).' },
  'service.unavailable': { status: 503, title: 'Dienst nicht verfügbar', detail: 'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.' },
  'coupon.create.error': { status: 409, title: 'Fehler beim Speichern des Gutscheins', detail: 'Der Gutscheincode muss eindeutig sein.' },
  'coupon.not-available': { status: 400, title: 'Gutschein nicht verfügbar', detail: 'Der Gutschein ist nicht gültig oder bereits aufgebraucht.' },
  'tenant.user-not-found': { status: 404, title: 'Benutzer nicht gefunden', detail: 'Der Benutzer muss sich zuerst registrieren.' },
  'tenant.user-exists': { status: 409, title: 'Benutzer existiert bereits', detail: 'Der Benutzer ist bereits Mitglied dieses Mandanten.' },
  'tenant.member-not-found': { status: 404, title: 'Nicht gefunden', detail: 'Der Benutzer ist kein Mitglied dieses Mandanten.' },
  'tenant.last-owner': { status: 409, title: 'Letzter Besitzer', detail: 'Ein Mandant braucht mindestens einen Besitzer. Bestimmen Sie zuerst einen anderen Besitzer.' },
  'tenant.quota-reached': { status: 409, title: 'Mandanten-Kontingent erreicht', detail: 'Es können keine weiteren Mandanten angelegt werden.' },
  'tenant.save-error': { status: 400, title: 'Fehler beim Speichern der Änderungen.', detail: 'Bitte überprüfen Sie Ihre Eingaben.' },
  'instance.update-error': { status: 400, title: 'Fehler beim Aktualisieren der Instanz', detail: 'Bitte überprüfen Sie Ihre Eingaben.' },
  'instance.last-owner': { status: 409, title: 'Fehler beim Aktualisieren der Instanz', detail: 'Die Instanz braucht mindestens einen Besitzer.' },
  'user.not-found': { status: 404, title: 'Nicht gefunden', detail: 'Benutzer nicht gefunden' },
  'user.last-instance-owner': { status: 409, title: 'Fehler', detail: 'Der letzte Besitzer der Instanz kann nicht gelöscht werden.' },
  'user.confirmation-failed': { status: 403, title: 'Bestätigung fehlgeschlagen', detail: 'Die Bestätigung stimmt nicht. Das Konto bleibt bestehen.' },
  'user.last-tenant-owner': { status: 409, title: 'Fehler', detail: 'Der Benutzer ist der letzte Besitzer eines Mandanten. Bestimmen Sie zuerst einen anderen Besitzer.' },
  'sso.inactive': { status: 404, title: 'Single Sign-on nicht verfügbar', detail: 'Single Sign-on ist für diese Instanz nicht eingerichtet.' },
  'sso.provider-unreachable': { status: 502, title: 'Anmeldung fehlgeschlagen', detail: 'Der Anmeldedienst ist nicht erreichbar.' },
  'sso.token-invalid': { status: 401, title: 'Anmeldung fehlgeschlagen', detail: 'Das Anmelde-Token ist ungültig.' },
  'sso.token-signature': { status: 401, title: 'Anmeldung fehlgeschlagen', detail: 'Die Signatur des Anmelde-Tokens ist ungültig.' },
  'sso.token-issuer': { status: 401, title: 'Anmeldung fehlgeschlagen', detail: 'Das Anmelde-Token stammt nicht vom eingerichteten Anbieter.' },
  'sso.token-audience': { status: 401, title: 'Anmeldung fehlgeschlagen', detail: 'Das Anmelde-Token ist nicht für diese Anwendung ausgestellt.' },
  'sso.token-expired': { status: 401, title: 'Anmeldung fehlgeschlagen', detail: 'Das Anmelde-Token ist abgelaufen.' },
  'sso.email-missing': { status: 401, title: 'Anmeldung fehlgeschlagen', detail: 'Das Anmelde-Token enthält keine bestätigte E-Mail-Adresse.' },
  'sso.user-not-found': { status: 404, title: 'Nicht gefunden', detail: 'Benutzer nicht gefunden. Bitte registrieren Sie sich zuerst.' },
  'bookable.quota-reached': {
    status: 409,
    title: 'Kontingent erreicht',
    detail: 'Sie haben die maximale Anzahl an öffentlichen Buchungsobjekten erreicht. Erweitern Sie Ihr Kontingent, oder löschen Sie nicht mehr benötigte Buchungsobjekte.',
  },
  'event.quota-reached': {
    status: 409,
    title: 'Kontingent erreicht',
    detail: 'Sie haben die maximale Anzahl an öffentlichen Events erreicht. Erweitern Sie Ihr Kontingent, oder löschen Sie nicht mehr benötigte Events.',
  },
  'profile.update-error': { status: 400, title: 'Fehler', detail: 'Ihr Profil konnte nicht aktualisiert werden.' },
  // Checkout: every refusal is a 409 with the rule's German message as detail.
  'booking.not-bookable': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Das Objekt ist nicht buchbar.' },
  'booking.not-permitted': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Sie sind nicht berechtigt, das Objekt zu buchen.' },
  'booking.amount-invalid': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Die gewünschte Anzahl ist ungültig.' },
  'booking.time-missing': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Es muss ein Buchungszeitraum angegeben werden.' },
  'booking.time-invalid': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Das Ende der Buchungszeit muss nach ihrem Beginn liegen.' },
  'booking.fixed-time': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Die gewählte Buchungszeit entspricht keiner festen Buchungszeit.' },
  'booking.opening-hours': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Die gewählte Buchungszeit liegt außerhalb der Öffnungszeiten.' },
  'booking.min-duration': { status: 409, title: 'Minimale Buchungsdauer beachten', detail: 'Die Buchungsdauer ist zu kurz.' },
  'booking.max-duration': { status: 409, title: 'Maximale Buchungsdauer beachten', detail: 'Die Buchungsdauer ist zu lang.' },
  'booking.capacity': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Das Objekt ist im gewählten Zeitraum nicht mehr verfügbar.' },
  'booking.parent-unavailable': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Ein übergeordnetes Objekt ist nicht verfügbar.' },
  'booking.child-booked': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Ein abhängiges Objekt ist für den gewählten Zeitraum bereits gebucht.' },
  'booking.advance-limit': { status: 409, title: 'Objekt nicht verfügbar', detail: 'So weit im Voraus kann nicht gebucht werden.' },
  'booking.event-full': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Die Veranstaltung hat nicht ausreichend freie Plätze.' },
  'booking.lockers-unavailable': { status: 409, title: 'Schließfächer nicht verfügbar', detail: 'Für den gewählten Zeitraum sind nicht genug Schließfächer frei.' },
  'booking.no-price': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Für die gewählte Dauer oder Anzahl gibt es keinen Preis.' },
  'booking.coupon-invalid': { status: 409, title: 'Gutschein ungültig', detail: 'Der Gutscheincode ist unbekannt oder nicht mehr gültig.' },
  'booking.coupon-used-up': { status: 409, title: 'Gutschein aufgebraucht', detail: 'Der Gutschein wurde bereits so oft wie erlaubt eingelöst.' },
  'booking.busy': { status: 409, title: 'Gerade viel los', detail: 'Das Objekt wird gerade von anderen gebucht. Bitte versuchen Sie es in einem Moment erneut.' },
  'booking.time-conflict': { status: 409, title: 'Zeitkonflikt', detail: 'Zeitkonflikt' },
  'booking.idempotency-key-reused': {
    status: 422,
    title: 'Idempotency-Key bereits verwendet',
    detail: 'Dieser Idempotency-Key gehört zu einer anderen Buchungsanfrage. Bitte verwenden Sie für jede neue Buchung einen neuen Schlüssel.',
  },
  'booking.public-status-disabled': { status: 405, title: 'Nicht verfügbar', detail: 'Der öffentliche Buchungsstatus ist für diesen Mandanten nicht freigeschaltet.' },
  'booking.name-mismatch': { status: 401, title: 'Zugriff verweigert', detail: 'Der Name passt nicht zu dieser Buchung.' },
  'booking.hook-invalid': { status: 404, title: 'Nicht gefunden', detail: 'Der Link ist ungültig oder wurde bereits verwendet.' },
  // Payments: starting answers 400 with the original product's numeric code 0, 1 or 2 as well.
  'payment.booking-not-found': { status: 400, title: 'Zahlung nicht möglich', detail: 'Die Buchung wurde nicht gefunden.' },
  'payment.not-released': { status: 400, title: 'Zahlung nicht möglich', detail: 'Die Buchung ist noch nicht freigegeben.' },
  'payment.already-paid': { status: 400, title: 'Zahlung nicht möglich', detail: 'Die Buchung ist bereits bezahlt.' },
  'payment.provider-unavailable': { status: 400, title: 'Zahlung nicht möglich', detail: 'Die gewählte Zahlungsart ist für diese Buchung nicht verfügbar.' },
  'payment.provider-error': { status: 502, title: 'Zahlungsanbieter nicht erreichbar', detail: 'Der Zahlungsanbieter hat nicht wie erwartet geantwortet. Bitte versuchen Sie es später erneut.' },
  'payment.notification-invalid': { status: 400, title: 'Ungültige Zahlungsbenachrichtigung', detail: 'Die Zahlungsbenachrichtigung konnte nicht bestätigt werden.' },
  'receipt.template-invalid': { status: 400, title: 'Ungültige Vorlage', detail: 'Die Vorlage muss ein vollständiges HTML-Dokument sein (<!DOCTYPE html>, <html>, <head>, <body>).' },
  'receipt.create-error': { status: 500, title: 'Zahlungsbeleg konnte nicht erstellt werden', detail: 'Das Dokument konnte nicht erstellt werden. Bitte versuchen Sie es in einem Moment erneut.' },
  'privacy.booking-running': {
    status: 409,
    title: 'Löschung nicht möglich',
    detail: 'Die Buchung läuft noch oder ihre Zahlung ist offen. Ihre Daten können erst danach gelöscht werden.',
  },
} as const satisfies Record<string, { status: number; title: string; detail: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/** GraphQL `extensions.code` values: the catalogue key, upper-cased as GraphQL clients expect. */
export function graphqlCode(code: ErrorCode): string {
  return code.replace(/[.-]/g, '_').toUpperCase();
}

/** A field path as people read it: "attachments.0.url" becomes "attachments[0].url". */
export function readableFieldPath(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

/** How many field messages the detail spells out; the map holds all of them. */
const FIELDS_IN_DETAIL = 5;

/**
 * The catalogue text followed by the fields and their messages, so a REST client that shows only
 * the detail still tells what to fix: "… Eingaben. attachments[0].url: Ungültige URL."
 */
export function detailWithFields(detail: string, fieldErrors: Record<string, string>): string {
  const entries = Object.entries(fieldErrors);
  const named = entries.slice(0, FIELDS_IN_DETAIL).map(([path, message]) => `${readableFieldPath(path)}: ${message.replace(/[.!]$/, '')}.`);
  const more = entries.length - FIELDS_IN_DETAIL;
  return [detail, ...named, ...(more > 0 ? [`(${more} weitere)`] : [])].join(' ');
}

/**
 * The one error type rules throw. GraphQL shows `message` (the catalogue's German text) with
 * `extensions.code` and, for field errors, `extensions.fieldErrors`; the REST facade turns it into
 * application/problem+json whose detail also names the fields (`problemDetail`).
 */
export class AppError extends GraphQLError {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly fieldErrors: Record<string, string> | undefined;
  /** The REST detail: the message, followed by the fields and their messages when the catalogue text stands alone. */
  readonly problemDetail: string;

  /** Seconds until a refused attempt may be repeated (REST `Retry-After`, GraphQL `extensions.retryAfter`). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, options: { detail?: string; fieldErrors?: Record<string, string>; retryAfterSeconds?: number } = {}) {
    const entry = errorCatalogue[code];
    const named = options.fieldErrors && Object.keys(options.fieldErrors).length > 0 ? options.fieldErrors : undefined;
    const detail = options.detail ?? entry.detail;
    const retryAfter = options.retryAfterSeconds;
    super(detail, {
      extensions: {
        code: graphqlCode(code),
        key: code,
        title: entry.title,
        status: entry.status,
        ...(options.fieldErrors ? { fieldErrors: options.fieldErrors } : {}),
        // Apollo answers the HTTP request with this status and header (and drops `http` from the answer).
        ...(retryAfter !== undefined ? { retryAfter, http: { status: entry.status, headers: new Map([['retry-after', String(retryAfter)]]) } } : {}),
      },
    });
    this.code = code;
    this.status = entry.status;
    this.title = entry.title;
    this.fieldErrors = options.fieldErrors;
    this.retryAfterSeconds = retryAfter;
    this.problemDetail = !options.detail && named ? detailWithFields(entry.detail, named) : detail;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
