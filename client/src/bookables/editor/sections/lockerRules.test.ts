import { describe, expect, it } from 'vitest';
import { lockerSum, lockerSumWarning, newLockerUnit, parseAmount, parseUnitAmount } from './lockerRules';

const unit = (amount: number) => ({ lockerSystem: 'pareva', id: 'p1', amount });

describe('locker rules', () => {
  it('reads the amount like the server: integer, empty or text is null', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('  ')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('4,7')).toBe(4);
    expect(parseAmount('0')).toBe(0);
  });

  it('keeps unit amounts non-negative integers', () => {
    expect(parseUnitAmount('')).toBe(0);
    expect(parseUnitAmount('-3')).toBe(0);
    expect(parseUnitAmount('3.9')).toBe(3);
    expect(parseUnitAmount('12')).toBe(12);
  });

  it('sums the units', () => {
    expect(lockerSum([])).toBe(0);
    expect(lockerSum([unit(2), unit(3)])).toBe(5);
  });

  it('warns when the sum differs from the amount', () => {
    expect(lockerSumWarning('5', { active: true, units: [unit(2), unit(2)] })).toBe('Die Summe der Schließfächer (4) weicht von der Anzahl (5) ab.');
    expect(lockerSumWarning('4', { active: true, units: [unit(2), unit(2)] })).toBeNull();
    expect(lockerSumWarning('1', { active: true, units: [] })).toBe('Die Summe der Schließfächer (0) weicht von der Anzahl (1) ab.');
  });

  it('does not warn without an amount or without lockers in use', () => {
    expect(lockerSumWarning('', { active: true, units: [unit(2)] })).toBeNull();
    expect(lockerSumWarning('3', { active: false, units: [] })).toBeNull();
    expect(lockerSumWarning('3', { active: false, units: [unit(1)] })).not.toBeNull();
  });

  it('starts a new unit with pareva and the missing lockers', () => {
    expect(newLockerUnit('5', [unit(2)])).toEqual({ lockerSystem: 'pareva', id: '', amount: 3 });
    expect(newLockerUnit('1', [unit(2)])).toEqual({ lockerSystem: 'pareva', id: '', amount: 0 });
    expect(newLockerUnit('', [])).toEqual({ lockerSystem: 'pareva', id: '', amount: 0 });
  });
});
