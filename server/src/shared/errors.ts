import { GraphQLError } from 'graphql';

/** One code of the catalogue. */
export interface CatalogueEntry {
  /** The HTTP status REST and GraphQL over HTTP answer with. */
  status: number;
  /** German title (REST problem title, GraphQL extensions.title). */
  title: string;
  /** German text the interface shows (REST detail, GraphQL message) unless the error names a more precise one. */
  detail: string;
  /** In English, for integrators: what the code means and when it comes (docs/errors.md is generated from it). */
  meaning: string;
}

/**
 * The error catalogue (docs/api.md describes the error answers, docs/errors.md lists them). One entry
 * per stable code: the German title and text the interface shows, the HTTP status, and what it means.
 */
export const errorCatalogue = {
  'auth.unauthenticated': { status: 401, title: 'Zugriff verweigert', detail: 'Bitte melden Sie sich an.' , meaning: 'No valid sign-in: no session and no API token, an expired session, or an Authorization header that is malformed or names an unknown, revoked or expired token.' },
  'auth.forbidden': { status: 403, title: 'Keine Berechtigung', detail: 'Sie haben keine Berechtigung für diese Aktion.' , meaning: 'Signed in, but the rule guarding the field or route (its @auth rule, the role\'s rights) does not let this viewer do it.' },
  'auth.session-expired': { status: 401, title: 'Sitzung abgelaufen', detail: 'Bitte melden Sie sich erneut an.' , meaning: 'The session ended (timed out, signed out elsewhere, or the single sign-on provider ended it); sign in again.' },
  'auth.login-failed': { status: 401, title: 'Anmeldung fehlgeschlagen', detail: 'Falsche E-Mail/Passwort' , meaning: 'Sign-in with a wrong e-mail address or password.' },
  'auth.csrf': { status: 403, title: 'Zugriff verweigert', detail: 'Die Anfrage wurde als websiteübergreifend abgelehnt.' , meaning: 'A write (or a GraphQL request) a browser could have sent from another site: a foreign or missing Origin/Referer, or a GraphQL request without Content-Type application/json or an apollo-require-preflight header. The message says what to send.' },
  'auth.rate-limited': { status: 429, title: 'Zu viele Versuche', detail: 'Bitte warten Sie einige Minuten und versuchen Sie es erneut.' , meaning: 'Too many attempts (sign-in, password reset) from one address, or too many requests of one API token in its minute; wait for Retry-After seconds.' },
  'auth.token-with-session': { status: 400, title: 'Doppelte Anmeldung', detail: 'Die Anfrage enthält ein Sitzungs-Cookie und einen API-Schlüssel. Senden Sie nur eines von beiden.' , meaning: 'The request carries both a session cookie and an API token; send only one of them (a token request must not send cookies).' },
  'webhook.not-found': { status: 404, title: 'Webhook nicht gefunden', detail: 'Den Webhook oder die Zustellung gibt es nicht (mehr).' , meaning: 'The webhook endpoint or delivery does not exist, or belongs to a tenant the viewer does not own.' },
  'token.not-found': { status: 404, title: 'API-Zugang nicht gefunden', detail: 'Den API-Zugang gibt es nicht (mehr).' , meaning: 'The API token does not exist (any more) or belongs to another tenant.' },
  'feed.not-found': { status: 404, title: 'Kalender-Abo nicht gefunden', detail: 'Das Kalender-Abo gibt es nicht (mehr).' , meaning: 'The calendar feed does not exist, was revoked, or its URL token is wrong.' },
  'register.failed': { status: 500, title: 'Registrierung fehlgeschlagen', detail: 'Bitte versuchen Sie es erneut.' , meaning: 'Registration failed for a reason on the server; not raised by this server at present, kept so clients of the original product recognise it.' },
  'register.user-exists': { status: 409, title: 'Registrierung fehlgeschlagen', detail: 'Benutzer existiert bereits' , meaning: 'Registration with an e-mail address that already has an account.' },
  'register.missing-data': { status: 400, title: 'Fehlende Angaben', detail: 'Bitte füllen Sie alle Pflichtfelder aus.' , meaning: 'Registration or sign-in without a required field (e-mail, password, names).' },
  'password-reset.error': { status: 500, title: 'Fehler beim Zurücksetzen', detail: 'Das Passwort konnte nicht zurückgesetzt werden.' , meaning: 'The password could not be reset; not raised by this server at present, kept so clients of the original product recognise it.' },
  'password-reset.wrong-email': { status: 404, title: 'Fehler beim Zurücksetzen', detail: 'Falsche E-Mail' , meaning: 'A password reset was requested for an e-mail address without an account.' },
  'password-reset.mismatch': { status: 400, title: 'Fehler beim Zurücksetzen', detail: 'Passwörter stimmen nicht überein' , meaning: 'The new password and its repetition differ.' },
  'hook.invalid': { status: 404, title: 'Nicht gefunden', detail: 'Der Link ist ungültig oder abgelaufen.' , meaning: 'A single-use link (account confirmation, password reset, e-mail change) is unknown, used or expired.' },
  'generic.error': { status: 500, title: 'Fehler', detail: 'Etwas ist schiefgelaufen.' , meaning: 'An unexpected error on the server; it is logged with the request id. Try again, and report it if it persists.' },
  'generic.not-found': { status: 404, title: 'Nicht gefunden', detail: 'Der angefragte Eintrag existiert nicht.' , meaning: 'The addressed object does not exist, or not in this tenant; also an unknown REST path.' },
  'generic.validation': { status: 400, title: 'Validierungsfehler', detail: 'Bitte überprüfen Sie Ihre Eingaben.' , meaning: 'The input is invalid: fields that break their rules (extensions.fieldErrors names them), a malformed request body, or a request GraphQL cannot run (no query, a batch, malformed variables).' },
  'generic.payload-too-large': { status: 413, title: 'Anfrage zu groß', detail: 'Die Anfrage ist zu groß (höchstens 1 MB).' , meaning: 'The request body is larger than allowed (1 MB for JSON; uploads have their own limit).' },
  'generic.method-not-allowed': { status: 405, title: 'Methode nicht erlaubt', detail: 'Diese Adresse nimmt die verwendete HTTP-Methode nicht an.' , meaning: 'The HTTP method is not accepted here: GraphQL takes GET (queries only) and POST.' },
  'service.unavailable': { status: 503, title: 'Dienst nicht verfügbar', detail: 'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.' , meaning: 'The database cannot be reached for the moment (restart, failover); retry after Retry-After seconds.' },
  'coupon.create.error': { status: 409, title: 'Fehler beim Speichern des Gutscheins', detail: 'Der Gutscheincode muss eindeutig sein.' , meaning: 'A coupon with this code already exists in the tenant.' },
  'coupon.not-available': { status: 400, title: 'Gutschein nicht verfügbar', detail: 'Der Gutschein ist nicht gültig oder bereits aufgebraucht.' , meaning: 'The coupon is not valid (any more) or used up.' },
  'tenant.user-not-found': { status: 404, title: 'Benutzer nicht gefunden', detail: 'Der Benutzer muss sich zuerst registrieren.' , meaning: 'A member was to be added by an e-mail address that has no account yet.' },
  'tenant.user-exists': { status: 409, title: 'Benutzer existiert bereits', detail: 'Der Benutzer ist bereits Mitglied dieses Mandanten.' , meaning: 'The user is already a member of the tenant.' },
  'tenant.member-not-found': { status: 404, title: 'Nicht gefunden', detail: 'Der Benutzer ist kein Mitglied dieses Mandanten.' , meaning: 'The user is not a member of the tenant.' },
  'tenant.last-owner': { status: 409, title: 'Letzter Besitzer', detail: 'Ein Mandant braucht mindestens einen Besitzer. Bestimmen Sie zuerst einen anderen Besitzer.' , meaning: 'The change would leave the tenant without an owner.' },
  'tenant.quota-reached': { status: 409, title: 'Mandanten-Kontingent erreicht', detail: 'Es können keine weiteren Mandanten angelegt werden.' , meaning: 'The instance allows no further tenants.' },
  'tenant.save-error': { status: 400, title: 'Fehler beim Speichern der Änderungen.', detail: 'Bitte überprüfen Sie Ihre Eingaben.' , meaning: 'The tenant\'s settings could not be saved; not raised by this server at present (invalid settings answer generic.validation), kept so clients of the original product recognise it.' },
  'instance.update-error': { status: 400, title: 'Fehler beim Aktualisieren der Instanz', detail: 'Bitte überprüfen Sie Ihre Eingaben.' , meaning: 'The instance settings could not be saved; not raised by this server at present (invalid settings answer generic.validation), kept so clients of the original product recognise it.' },
  'instance.last-owner': { status: 409, title: 'Fehler beim Aktualisieren der Instanz', detail: 'Die Instanz braucht mindestens einen Besitzer.' , meaning: 'The change would leave the instance without an owner.' },
  'user.not-found': { status: 404, title: 'Nicht gefunden', detail: 'Benutzer nicht gefunden' , meaning: 'The user does not exist.' },
  'user.last-instance-owner': { status: 409, title: 'Fehler', detail: 'Der letzte Besitzer der Instanz kann nicht gelöscht werden.' , meaning: 'The last instance owner cannot be deleted.' },
  'user.confirmation-failed': { status: 403, title: 'Bestätigung fehlgeschlagen', detail: 'Die Bestätigung stimmt nicht. Das Konto bleibt bestehen.' , meaning: 'Deleting one\'s own account needs the current password or e-mail address as confirmation, and it did not match.' },
  'user.last-tenant-owner': { status: 409, title: 'Fehler', detail: 'Der Benutzer ist der letzte Besitzer eines Mandanten. Bestimmen Sie zuerst einen anderen Besitzer.' , meaning: 'The user is the last owner of a tenant and cannot be deleted before another owner is named.' },
  'sso.inactive': { status: 404, title: 'Single Sign-on nicht verfügbar', detail: 'Single Sign-on ist für diese Instanz nicht eingerichtet.' , meaning: 'Single sign-on is not set up (or switched off) for this instance.' },
  'sso.provider-unreachable': { status: 502, title: 'Anmeldung fehlgeschlagen', detail: 'Der Anmeldedienst ist nicht erreichbar.' , meaning: 'The single sign-on provider did not answer.' },
  'sso.token-invalid': { status: 401, title: 'Anmeldung fehlgeschlagen', detail: 'Das Anmelde-Token ist ungültig.' , meaning: 'The single sign-on token cannot be read.' },
  'sso.token-signature': { status: 401, title: 'Anmeldung fehlgeschlagen', detail: 'Die Signatur des Anmelde-Tokens ist ungültig.' , meaning: 'The single sign-on token\'s signature does not verify.' },
  'sso.token-issuer': { status: 401, title: 'Anmeldung fehlgeschlagen', detail: 'Das Anmelde-Token stammt nicht vom eingerichteten Anbieter.' , meaning: 'The single sign-on token comes from another provider than the configured one.' },
  'sso.token-audience': { status: 401, title: 'Anmeldung fehlgeschlagen', detail: 'Das Anmelde-Token ist nicht für diese Anwendung ausgestellt.' , meaning: 'The single sign-on token was issued for another application.' },
  'sso.token-expired': { status: 401, title: 'Anmeldung fehlgeschlagen', detail: 'Das Anmelde-Token ist abgelaufen.' , meaning: 'The single sign-on token has expired.' },
  'sso.email-missing': { status: 401, title: 'Anmeldung fehlgeschlagen', detail: 'Das Anmelde-Token enthält keine bestätigte E-Mail-Adresse.' , meaning: 'The single sign-on token carries no verified e-mail address.' },
  'sso.user-not-found': { status: 404, title: 'Nicht gefunden', detail: 'Benutzer nicht gefunden. Bitte registrieren Sie sich zuerst.' , meaning: 'Single sign-on for an e-mail address that has no account yet.' },
  'bookable.quota-reached': {
    status: 409,
    title: 'Kontingent erreicht',
    detail: 'Sie haben die maximale Anzahl an öffentlichen Buchungsobjekten erreicht. Erweitern Sie Ihr Kontingent, oder löschen Sie nicht mehr benötigte Buchungsobjekte.',
    meaning: 'The tenant has as many public bookable objects as its quota allows.',
  },
  'event.quota-reached': {
    status: 409,
    title: 'Kontingent erreicht',
    detail: 'Sie haben die maximale Anzahl an öffentlichen Events erreicht. Erweitern Sie Ihr Kontingent, oder löschen Sie nicht mehr benötigte Events.',
    meaning: 'The tenant has as many public events as its quota allows.',
  },
  'profile.update-error': { status: 400, title: 'Fehler', detail: 'Ihr Profil konnte nicht aktualisiert werden.' , meaning: 'The profile change breaks a field\'s rule; extensions.fieldErrors names the fields.' },
  // Checkout: every refusal is a 409 with the rule's German message as detail.
  'booking.not-bookable': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Das Objekt ist nicht buchbar.' , meaning: 'Checkout: the object is switched to not bookable.' },
  'booking.not-permitted': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Sie sind nicht berechtigt, das Objekt zu buchen.' , meaning: 'Checkout: the object is restricted to roles or users the booker is not among.' },
  'booking.amount-invalid': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Die gewünschte Anzahl ist ungültig.' , meaning: 'Checkout: the requested amount is below one or above what the object offers.' },
  'booking.time-missing': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Es muss ein Buchungszeitraum angegeben werden.' , meaning: 'Checkout: the object is booked by time, and no period was given.' },
  'booking.time-invalid': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Das Ende der Buchungszeit muss nach ihrem Beginn liegen.' , meaning: 'Checkout: the period ends before it starts.' },
  'booking.in-past': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Der gewählte Zeitraum liegt in der Vergangenheit.' , meaning: 'Checkout: the period begins before now (staff may still record a past booking).' },
  'booking.fixed-time': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Die gewählte Buchungszeit entspricht keiner festen Buchungszeit.' , meaning: 'Checkout: the object has fixed booking periods, and the requested one is none of them.' },
  'booking.opening-hours': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Die gewählte Buchungszeit liegt außerhalb der Öffnungszeiten.' , meaning: 'Checkout: the period lies outside the object\'s opening hours.' },
  'booking.min-duration': { status: 409, title: 'Minimale Buchungsdauer beachten', detail: 'Die Buchungsdauer ist zu kurz.' , meaning: 'Checkout: the period is shorter than the object\'s minimum.' },
  'booking.max-duration': { status: 409, title: 'Maximale Buchungsdauer beachten', detail: 'Die Buchungsdauer ist zu lang.' , meaning: 'Checkout: the period is longer than the object\'s maximum.' },
  'booking.capacity': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Das Objekt ist im gewählten Zeitraum nicht mehr verfügbar.' , meaning: 'Checkout: the object is fully booked in the period.' },
  'booking.parent-unavailable': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Ein übergeordnetes Objekt ist nicht verfügbar.' , meaning: 'Checkout: an object this one belongs to is booked in the period.' },
  'booking.child-booked': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Ein abhängiges Objekt ist für den gewählten Zeitraum bereits gebucht.' , meaning: 'Checkout: an object that belongs to this one is booked in the period.' },
  'booking.advance-limit': { status: 409, title: 'Objekt nicht verfügbar', detail: 'So weit im Voraus kann nicht gebucht werden.' , meaning: 'Checkout: the period starts later than the object may be booked in advance.' },
  'booking.event-full': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Die Veranstaltung hat nicht ausreichend freie Plätze.' , meaning: 'Checkout: the event has fewer free seats than requested.' },
  'booking.lockers-unavailable': { status: 409, title: 'Schließfächer nicht verfügbar', detail: 'Für den gewählten Zeitraum sind nicht genug Schließfächer frei.' , meaning: 'Checkout: not enough lockers are free in the period.' },
  'booking.no-price': { status: 409, title: 'Objekt nicht verfügbar', detail: 'Für die gewählte Dauer oder Anzahl gibt es keinen Preis.' , meaning: 'Checkout: the object has no price for the requested duration or amount.' },
  'booking.coupon-invalid': { status: 409, title: 'Gutschein ungültig', detail: 'Der Gutscheincode ist unbekannt oder nicht mehr gültig.' , meaning: 'Checkout: the coupon code is unknown or no longer valid.' },
  'booking.coupon-used-up': { status: 409, title: 'Gutschein aufgebraucht', detail: 'Der Gutschein wurde bereits so oft wie erlaubt eingelöst.' , meaning: 'Checkout: the coupon was redeemed as often as allowed.' },
  'booking.busy': { status: 409, title: 'Gerade viel los', detail: 'Das Objekt wird gerade von anderen gebucht. Bitte versuchen Sie es in einem Moment erneut.' , meaning: 'Checkout: others are booking the same object at this moment; try again shortly.' },
  'booking.series-not-allowed': { status: 409, title: 'Keine Serienbuchung', detail: 'Dieses Objekt kann nicht regelmäßig gebucht werden.', meaning: 'Checkout: a series was asked for an object that does not allow the public to book series (allowSeries).' },
  'booking.series-unavailable': { status: 409, title: 'Nicht alle Termine frei', detail: 'Nicht alle Termine der Serie sind frei; es wurde nichts gebucht.', meaning: 'Checkout: a series with requireAll has dates that cannot be booked; extensions.fieldErrors names them by date.' },
  'booking.series-none-free': { status: 409, title: 'Kein Termin frei', detail: 'Keiner der Termine der Serie kann gebucht werden; es wurde nichts gebucht.', meaning: 'Checkout: no date of the series can be booked.' },
  'booking.series-nothing-to-pay': { status: 409, title: 'Nichts zu bezahlen', detail: 'Die Serie hat keinen Termin mit einem Betrag, der bezahlt werden kann; es wurde nichts geändert.', meaning: 'Staff marked a series paid that has no date with a price that is neither cancelled nor rejected; nothing was written.' },
  'allocation.not-found': { status: 404, title: 'Nicht gefunden', detail: 'Die Vergaberunde, die Bewerbung oder den Wunsch gibt es nicht (mehr).', meaning: 'Allocation rounds: the round, application or wish does not exist in this tenant, or is not the viewer\'s own.' },
  'allocation.window-closed': { status: 409, title: 'Bewerbungsfrist', detail: 'Bewerbungen sind nur innerhalb der Bewerbungsfrist der Vergaberunde möglich.', meaning: 'Allocation rounds: an application was sent, changed or withdrawn before or after the round\'s application window, or after the round was published.' },
  'allocation.already-applied': { status: 409, title: 'Bereits beworben', detail: 'Sie haben sich für diese Vergaberunde bereits beworben; bitte ändern Sie Ihre Bewerbung.', meaning: 'Allocation rounds: the account has an application for this round already (one per account and round); change it instead.' },
  'allocation.round-published': { status: 409, title: 'Vergaberunde veröffentlicht', detail: 'Die Vergaberunde ist veröffentlicht und kann nicht mehr geändert werden.', meaning: 'Allocation rounds: the round is published; it, its applications and decisions no longer change.' },
  'allocation.grant-conflict': { status: 409, title: 'Überschneidung', detail: 'Die Zusage überschneidet sich mit einer anderen Zusage dieser Vergaberunde.', meaning: 'Allocation rounds: a grant would overlap another grant of the round on the same object, weekday and times; the message names it.' },
  'allocation.grant-object-required': { status: 422, title: 'Objekt fehlt', detail: 'Der Wunsch nennt nur eine Objektart: Bitte wählen Sie das Objekt, das zugesagt wird.', meaning: 'Allocation rounds: a wish for a kind of object (bookableType) was granted without naming the concrete object of the round (bookableId); extensions.fieldErrors names bookableId.' },
  'allocation.grant-object-kind': { status: 422, title: 'Falsche Objektart', detail: 'Das gewählte Objekt ist nicht von der Objektart, die sich die Bewerbung wünscht.', meaning: 'Allocation rounds: a wish for a kind of object was granted with an object of another kind; extensions.fieldErrors names bookableId.' },
  'allocation.undecided-wishes': { status: 409, title: 'Offene Wünsche', detail: 'Die Vergaberunde kann erst veröffentlicht werden, wenn über jeden Wunsch entschieden ist und sich keine Zusagen überschneiden.', meaning: 'Allocation rounds: publishing was asked while wishes are undecided or grants overlap; the message counts them.' },
  'booking.time-conflict': { status: 409, title: 'Zeitkonflikt', detail: 'Zeitkonflikt' , meaning: 'Staff changed a booking to a period that conflicts with another booking; the message names the conflict.' },
  'booking.idempotency-key-reused': {
    status: 422,
    title: 'Idempotency-Key bereits verwendet',
    detail: 'Dieser Idempotency-Key gehört zu einer anderen Buchungsanfrage. Bitte verwenden Sie für jede neue Buchung einen neuen Schlüssel.',
    meaning: 'Checkout: the Idempotency-Key was already used for a different booking request; use a new key for each new booking.',
  },
  'booking.public-status-disabled': { status: 405, title: 'Nicht verfügbar', detail: 'Der öffentliche Buchungsstatus ist für diesen Mandanten nicht freigeschaltet.' , meaning: 'The tenant has not switched on the public booking status page.' },
  'booking.name-mismatch': { status: 401, title: 'Zugriff verweigert', detail: 'Der Name passt nicht zu dieser Buchung.' , meaning: 'The public booking status was asked for with a name that does not match the booking.' },
  'my-bookings.link-invalid': { status: 404, title: 'Link ungültig', detail: 'Der Link zu Ihren Buchungen ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.' , meaning: 'The token of a "Meine Buchungen" link mailed to a guest is unknown, malformed or older than 24 hours; ask for a new link (requestMyBookingsLink, POST /api/account/bookings/link).' },
  'my-bookings.address-unverified': { status: 403, title: 'E-Mail-Adresse nicht bestätigt', detail: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. Erst dann können Sie die als Gast gemachten Buchungen übernehmen.' , meaning: 'Taking over the bookings made as a guest with the account\'s address needs an account whose address is verified.' },
  'booking.hook-invalid': { status: 404, title: 'Nicht gefunden', detail: 'Der Link ist ungültig oder wurde bereits verwendet.' , meaning: 'A booking\'s link (cancellation, confirmation) is unknown or already used.' },
  'booking.already-cancelled': { status: 409, title: 'Bereits storniert', detail: 'Die Buchung ist bereits storniert oder abgelehnt.', meaning: 'A citizen cancelled a booking that is cancelled or rejected already (also the loser of two cancellations at once); nothing was changed.' },
  'booking.not-yours': { status: 403, title: 'Zugriff verweigert', detail: 'Diese Buchung können Sie nicht stornieren: Sie gehört nicht zu Ihrem Konto, oder der Status-Schlüssel passt nicht zu ihr.', meaning: 'cancelMyBooking: the booking is neither assigned to the signed-in account nor opened by the given status token.' },
  'refund.already-completed': { status: 409, title: 'Bereits erstattet', detail: 'Diese Erstattung ist bereits abgeschlossen.', meaning: 'completeRefund of a refund that is completed already.' },
  // Payments: starting answers 400 with the original product's numeric code 0, 1 or 2 as well.
  'payment.booking-not-found': { status: 400, title: 'Zahlung nicht möglich', detail: 'Die Buchung wurde nicht gefunden.' , meaning: 'A payment was started for a booking that does not exist.' },
  'payment.not-released': { status: 400, title: 'Zahlung nicht möglich', detail: 'Die Buchung ist noch nicht freigegeben.' , meaning: 'A payment was started for a booking that is not released yet.' },
  'payment.already-paid': { status: 400, title: 'Zahlung nicht möglich', detail: 'Die Buchung ist bereits bezahlt.' , meaning: 'A payment was started for a booking that is already paid.' },
  'payment.provider-unavailable': { status: 400, title: 'Zahlung nicht möglich', detail: 'Die gewählte Zahlungsart ist für diese Buchung nicht verfügbar.' , meaning: 'The chosen payment method is not available for this booking or tenant.' },
  'payment.provider-error': { status: 502, title: 'Zahlungsanbieter nicht erreichbar', detail: 'Der Zahlungsanbieter hat nicht wie erwartet geantwortet. Bitte versuchen Sie es später erneut.' , meaning: 'The payment provider answered unexpectedly or not at all; try again later.' },
  'payment.notification-invalid': { status: 400, title: 'Ungültige Zahlungsbenachrichtigung', detail: 'Die Zahlungsbenachrichtigung konnte nicht bestätigt werden.' , meaning: 'A payment provider\'s notification could not be verified (signature or status lookup).' },
  'receipt.template-invalid': { status: 400, title: 'Ungültige Vorlage', detail: 'Die Vorlage muss ein vollständiges HTML-Dokument sein (<!DOCTYPE html>, <html>, <head>, <body>).' , meaning: 'A receipt template is no complete HTML document.' },
  'receipt.create-error': { status: 500, title: 'Zahlungsbeleg konnte nicht erstellt werden', detail: 'Das Dokument konnte nicht erstellt werden. Bitte versuchen Sie es in einem Moment erneut.' , meaning: 'The receipt document could not be produced; try again in a moment.' },
  'privacy.booking-running': {
    status: 409,
    title: 'Löschung nicht möglich',
    detail: 'Die Buchung läuft noch oder ihre Zahlung ist offen. Ihre Daten können erst danach gelöscht werden.',
    meaning: 'Personal data of a booking that is still running or has an open payment cannot be deleted yet.',
  },
} as const satisfies Record<string, CatalogueEntry>;

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
