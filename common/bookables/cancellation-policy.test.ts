import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../time/berlin.js';
import { parseFields } from '../validation/schema.js';
import { cancellationPolicyLines, cancellationPolicySchema, commonPolicy, defaultCancellationPolicy, refundDecision, type CancellationPolicy } from './cancellation-policy.js';

/** 14 days ahead: everything back; 7 days: half; 1 day: a quarter; 5 € fee. Every instant is given explicitly. */
const policy: CancellationPolicy = {
  citizenMayCancel: true,
  tiers: [
    { daysBefore: 14, refundPercent: 100 },
    { daysBefore: 7, refundPercent: 50 },
    { daysBefore: 1, refundPercent: 25 },
  ],
  feeEur: 5,
};
/** Saturday 15 May 2027, 10:00 in Berlin (summer time). */
const begin = berlinInstant('2027-05-15', '10:00');
const at = (date: string, time = '12:00') => berlinInstant(date, time);
const decide = (date: string, time = '12:00', paidCents = 10_000, chosen: CancellationPolicy | null = policy) => refundDecision({ policy: chosen, paidCents, begin, at: at(date, time) });

describe('the refund rule', () => {
  it('applies each tier by calendar days before the start, less the fee', () => {
    expect(decide('2027-04-20')).toEqual({ kind: 'refund', tier: { daysBefore: 14, refundPercent: 100 }, daysBefore: 25, paidCents: 10_000, feeCents: 500, refundCents: 9_500 });
    expect(decide('2027-05-01')).toMatchObject({ tier: { daysBefore: 14 }, daysBefore: 14, refundCents: 9_500 });
    expect(decide('2027-05-02')).toMatchObject({ tier: { daysBefore: 7 }, daysBefore: 13, refundCents: 4_500 });
    expect(decide('2027-05-08')).toMatchObject({ tier: { daysBefore: 7 }, daysBefore: 7, refundCents: 4_500 });
    expect(decide('2027-05-13')).toMatchObject({ tier: { daysBefore: 1 }, daysBefore: 2, refundCents: 2_000 });
  });

  it('no tier reached: nothing back, yet the citizen may cancel', () => {
    expect(decide('2027-05-15', '08:00')).toEqual({ kind: 'refund', tier: null, daysBefore: 0, paidCents: 10_000, feeCents: 500, refundCents: 0 });
  });

  it('the fee never makes a refund negative', () => {
    expect(decide('2027-05-14', '12:00', 1_000)).toMatchObject({ tier: { daysBefore: 1 }, refundCents: 0 });
    expect(decide('2027-04-01', '12:00', 0)).toMatchObject({ refundCents: 0, paidCents: 0 });
  });

  it('rounds the percentage to the cent before the fee', () => {
    expect(refundDecision({ policy: { ...policy, feeEur: 0 }, paidCents: 999, begin, at: at('2027-05-08') })).toMatchObject({ refundCents: 500 });
  });

  it('counts Berlin days: 23:59 and 00:01 of the next day are a day apart, whatever UTC says', () => {
    expect(decide('2027-05-01', '23:59')).toMatchObject({ daysBefore: 14, refundCents: 9_500 });
    expect(decide('2027-05-02', '00:01')).toMatchObject({ daysBefore: 13, refundCents: 4_500 });
    // 00:30 in Berlin is still the previous day in UTC.
    expect(at('2027-05-02', '00:30').toISOString()).toBe('2027-05-01T22:30:00.000Z');
    expect(decide('2027-05-02', '00:30')).toMatchObject({ daysBefore: 13 });
  });

  it('stays right across the change to summer time (the night of 28 March 2027 has 23 hours)', () => {
    const afterChange = berlinInstant('2027-04-04', '01:00');
    const decision = refundDecision({ policy, paidCents: 10_000, begin: afterChange, at: berlinInstant('2027-03-28', '01:00') });
    // Only 6 days and 23 hours lie between, yet it is 7 calendar days.
    expect(afterChange.getTime() - berlinInstant('2027-03-28', '01:00').getTime()).toBe(7 * 86_400_000 - 3_600_000);
    expect(decision).toMatchObject({ daysBefore: 7, tier: { daysBefore: 7 } });
  });

  it('stays right across the change to winter time (the night of 31 October 2027 has 25 hours)', () => {
    const decision = refundDecision({ policy, paidCents: 10_000, begin: berlinInstant('2027-11-07', '00:30'), at: berlinInstant('2027-10-31', '00:30') });
    expect(decision).toMatchObject({ daysBefore: 7, tier: { daysBefore: 7 } });
  });

  it('leaves the decision to the staff: not allowed, begun, without a start, differing policies', () => {
    expect(decide('2027-04-01', '12:00', 10_000, defaultCancellationPolicy())).toEqual({ kind: 'staff', reason: 'NOT_ALLOWED', paidCents: 10_000 });
    expect(decide('2027-05-15', '10:00')).toEqual({ kind: 'staff', reason: 'BEGUN', paidCents: 10_000 });
    expect(decide('2027-05-16')).toMatchObject({ kind: 'staff', reason: 'BEGUN' });
    expect(refundDecision({ policy, paidCents: 100, begin: null, at: at('2027-04-01') })).toMatchObject({ kind: 'staff', reason: 'NO_START' });
    expect(decide('2027-04-01', '12:00', 10_000, null)).toMatchObject({ kind: 'staff', reason: 'POLICIES_DIFFER' });
  });
});

describe('the policy of a booking', () => {
  it('is the objects\' common one, or none when they differ', () => {
    expect(commonPolicy([policy, { ...policy, tiers: [...policy.tiers] }])).toEqual(policy);
    expect(commonPolicy([policy, { ...policy, feeEur: 0 }])).toBeNull();
    expect(commonPolicy([])).toEqual(defaultCancellationPolicy());
  });
});

describe('the policy schema', () => {
  it('reads form input, drops empty rows and sorts the tiers, most days first', () => {
    const parsed = parseFields(cancellationPolicySchema, { citizenMayCancel: 'true', tiers: [{ daysBefore: '7', refundPercent: '50' }, { daysBefore: '', refundPercent: '' }, { daysBefore: 14, refundPercent: 100 }], feeEur: '2,50' });
    expect(parsed).toEqual({ ok: true, value: { citizenMayCancel: true, tiers: [{ daysBefore: 14, refundPercent: 100 }, { daysBefore: 7, refundPercent: 50 }], feeEur: 2.5 } });
  });

  it('is the default when absent', () => {
    expect(parseFields(cancellationPolicySchema, undefined)).toEqual({ ok: true, value: defaultCancellationPolicy() });
  });

  it('refuses negative or fractional days, percentages beyond 0 to 100, repeated days and a negative fee', () => {
    const parsed = parseFields(cancellationPolicySchema, { tiers: [{ daysBefore: -1, refundPercent: 50 }, { daysBefore: 3, refundPercent: 101 }, { daysBefore: 2.5, refundPercent: 10 }], feeEur: -1 });
    expect(parsed).toEqual({
      ok: false,
      fieldErrors: {
        'tiers.0.daysBefore': expect.stringContaining('ganze Zahl'),
        'tiers.1.refundPercent': expect.stringContaining('0 bis 100'),
        'tiers.2.daysBefore': expect.stringContaining('ganze Zahl'),
        feeEur: expect.stringContaining('Gebühr'),
      },
    });
    expect(parseFields(cancellationPolicySchema, { tiers: [{ daysBefore: 3, refundPercent: 10 }, { daysBefore: 3, refundPercent: 20 }] })).toEqual({ ok: false, fieldErrors: { 'tiers.1.daysBefore': expect.stringContaining('bereits') } });
  });
});

describe('the policy in words', () => {
  it('states the tiers, what follows the last and the fee', () => {
    expect(cancellationPolicyLines(policy)).toEqual([
      'Sie können diese Buchung bis zu ihrem Beginn selbst stornieren.',
      'Bis 14 Tage vor Beginn: 100 % Erstattung.',
      'Bis 7 Tage vor Beginn: 50 % Erstattung.',
      'Bis 1 Tag vor Beginn: 25 % Erstattung.',
      'Danach wird nichts erstattet.',
      'Von jeder Erstattung wird eine Bearbeitungsgebühr von 5,00 € einbehalten.',
    ]);
    expect(cancellationPolicyLines(defaultCancellationPolicy())).toEqual([expect.stringContaining('anfragen')]);
  });
});
