/** What a series date needs to say whether staff marking the series paid concerns it. */
export interface SeriesPaymentDate {
  priceEur: number;
  isPayed: boolean;
  isRejected: boolean;
}

/** A date that charges something: it has a price and is neither cancelled nor rejected. */
export const chargesSomething = (date: SeriesPaymentDate): boolean => date.priceEur > 0 && !date.isRejected;

/** The dates marking a series paid pays: those that charge something and are not paid yet, in the given order. */
export function seriesDatesToPay<T extends SeriesPaymentDate>(dates: readonly T[]): T[] {
  return dates.filter((date) => chargesSomething(date) && !date.isPayed);
}

/**
 * Whether a series can be marked paid at all: some date charges something (paid already or not).
 * A series whose every such date is paid is marked paid by doing nothing; one without any has
 * nothing to pay.
 */
export const seriesHasSomethingToPay = (dates: readonly SeriesPaymentDate[]): boolean => dates.some(chargesSomething);
