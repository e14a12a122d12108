/**
 * The instance settings' limits and German field messages, shared by the server (which enforces
 * them, server/src/instance/) and the settings screen (which checks before sending). Plain TypeScript.
 */
export const MAX_TEXT = 2000;
/** A whole HTML document with inline styles and perhaps a data: logo is far longer than a setting. */
export const MAX_TEMPLATE = 500_000;

export const instanceFieldMessages = {
  required: 'Pflichtfeld',
  email: 'Muss gültige E-Mail-Adresse sein.',
  url: 'Ungültige URL.',
  number: 'Muss eine ganze Zahl sein.',
  port: 'Muss ein Port zwischen 1 und 65535 sein.',
  text: 'Ungültiger Wert',
  tooLong: `Maximal ${MAX_TEXT} Zeichen erlaubt.`,
  templateTooLong: `Maximal ${MAX_TEMPLATE} Zeichen erlaubt.`,
  unknownUser: 'Benutzer nicht gefunden',
  unknownTenant: 'Mandant nicht gefunden',
  unknownRole: 'Rolle nicht gefunden',
  lastOwner: 'Die Instanz braucht mindestens einen Besitzer.',
} as const;
