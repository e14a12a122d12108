/**
 * The longest id anything here is stored under: uuids (36 characters), booking numbers (9), coupon
 * codes (100), file names (150), e-mail addresses as user ids (254), workflow state ids. A longer
 * id cannot exist, so it is refused before it reaches the database, a lock key or a NOTIFY payload
 * (which PostgreSQL limits to 8,000 bytes): path parameters answer 404, body fields and GraphQL ID
 * input fields 400, GraphQL ID arguments 404. Plain TypeScript.
 */
export const MAX_ID_LENGTH = 256;

export const idMessages = {
  tooLong: `Maximal ${MAX_ID_LENGTH} Zeichen erlaubt.`,
} as const;

/** Whether a text is short enough to be an id at all (see MAX_ID_LENGTH). */
export const fitsIdLength = (value: string): boolean => value.length <= MAX_ID_LENGTH;
