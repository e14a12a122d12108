/**
 * Ceilings for waits on work the product does in the background (mails, documents, job follow-ups).
 * A wait returns as soon as the awaited thing is there, so a generous ceiling costs nothing on a
 * quiet machine and keeps a busy one (CI on two cores) from failing a correct product.
 */

/** At most this long for a queued mail to reach the SMTP capture. */
export const MAIL_WAIT_CEILING_MS = 30_000;

/** At most this long for the job queue to run every job that is due. */
export const QUEUE_SETTLE_CEILING_MS = 40_000;

/** At most this long for a live event, a NOTIFY or another awaited condition. */
export const EVENT_WAIT_CEILING_MS = 15_000;
