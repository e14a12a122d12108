import type { BookableFormValues } from '../formValues';

/** The locker rules (docs/bookings.md, “Lockers”), without React so they can be tested. */

export type LockerUnitValues = BookableFormValues['lockerDetails']['units'][number];

/** The tenant's locker application; the only locker system so far. */
export const defaultLockerSystem = 'pareva';

/**
 * The form's amount as the server reads it (integer, empty or not a number is null), so the section
 * is enabled exactly when the server would accept active lockers.
 */
export function parseAmount(amount: string): number | null {
  if (amount.trim() === '') return null;
  const number = Number(amount.trim().replace(',', '.'));
  return Number.isFinite(number) ? Math.trunc(number) : null;
}

/** A unit amount from what is typed: integers only, empty or negative becomes 0 (the API needs an Int). */
export function parseUnitAmount(text: string): number {
  const number = Math.trunc(Number(text));
  return Number.isFinite(number) && number > 0 ? number : 0;
}

export function lockerSum(units: readonly LockerUnitValues[]): number {
  return units.reduce((sum, unit) => sum + (Number.isFinite(unit.amount) ? unit.amount : 0), 0);
}

/**
 * The warning when the lockers do not add up to the amount. Only once lockers are in use (active
 * or units listed): with none configured there is nothing to compare.
 */
export function lockerSumWarning(amount: string, details: BookableFormValues['lockerDetails']): string | null {
  const total = parseAmount(amount);
  if (total === null || (!details.active && details.units.length === 0)) return null;
  const sum = lockerSum(details.units);
  return sum === total ? null : `Die Summe der Schließfächer (${sum}) weicht von der Anzahl (${total}) ab.`;
}

/** A new unit of the default system, pre-filled with the lockers still missing to reach the amount. */
export function newLockerUnit(amount: string, units: readonly LockerUnitValues[]): LockerUnitValues {
  const missing = (parseAmount(amount) ?? 0) - lockerSum(units);
  return { lockerSystem: defaultLockerSystem, id: '', amount: Math.max(0, missing) };
}
