/**
 * Date rules shared by the server's validators (which enforce them) and the client's forms (which
 * check before sending). The earliest calendar day a form may name (events and their agenda days):
 * earlier dates are typos ("0202" for "2020"), and before 1893 Berlin kept local mean time, which
 * no instant arithmetic here expects. Plain TypeScript.
 */
export const EARLIEST_DATE = '1900-01-01';

export const dateMessages = {
  tooEarly: 'Das Datum darf nicht vor dem 01.01.1900 liegen.',
  /** A coupon's validTo before its validFrom. */
  validityEndBeforeStart: 'Das Ende der Gültigkeit darf nicht vor ihrem Beginn liegen.',
} as const;

/** Whether a "YYYY-MM-DD" day lies before EARLIEST_DATE (the text compares like the date). */
export const isBeforeEarliestDate = (date: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(date) && date < EARLIEST_DATE;
