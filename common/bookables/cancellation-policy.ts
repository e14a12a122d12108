/**
 * The cancellation policy of a bookable object ("Stornobedingungen", docs/bookings.md, "Cancellation
 * policy and refunds"): whether citizens may cancel their bookings themselves, the refund tiers by
 * days before the booking begins, and a handling fee. The schema (shared by the server and the
 * editor), the pure refund rule and the German sentences the booking page and the mails state.
 * Plain TypeScript.
 */
import { z } from 'zod';
import { formatEuro } from '../format/german.js';
import { berlinParts, daysBetween } from '../time/berlin.js';
import { MAX_DECIMAL, numberError, parseNumber, roundTo } from '../validation/numbers.js';
import { anyValue, asRecord, flag, listOf, looseObject } from '../validation/schema.js';

/** "bis … Tage vor Beginn … % Erstattung": cancelled at least `daysBefore` calendar days before the start, `refundPercent` of what was paid comes back. */
export interface CancellationTier {
  daysBefore: number;
  refundPercent: number;
}

export interface CancellationPolicy {
  /** Citizens cancel by themselves; otherwise their cancellation is a request the staff decide on. */
  citizenMayCancel: boolean;
  /** Distinct daysBefore, the earliest cancellation (most days) first. */
  tiers: CancellationTier[];
  /** "Bearbeitungsgebühr" in euros, kept from every refund. */
  feeEur: number;
}

/** Today's behaviour: citizens ask, the staff decide. */
export const defaultCancellationPolicy = (): CancellationPolicy => ({ citizenMayCancel: false, tiers: [], feeEur: 0 });

/** A tier further ahead than ten years is a typo. */
export const MAX_DAYS_BEFORE = 3650;

export const cancellationPolicyMessages = {
  daysBefore: `Bitte geben Sie eine ganze Zahl von 0 bis ${MAX_DAYS_BEFORE} an.`,
  refundPercent: 'Bitte geben Sie eine ganze Zahl von 0 bis 100 an.',
  duplicateDays: 'Für diese Anzahl Tage gibt es bereits eine Stufe.',
  fee: 'Die Gebühr muss eine Zahl von 0 an sein.',
} as const;

const wholeNumber = (max: number, message: string) =>
  anyValue().transform((value, context) => {
    const number = parseNumber(value);
    if (number === null || numberError(number, { max, integer: true }) !== null) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return number;
  });

const tierSchema = looseObject({
  daysBefore: wholeNumber(MAX_DAYS_BEFORE, cancellationPolicyMessages.daysBefore),
  refundPercent: wholeNumber(100, cancellationPolicyMessages.refundPercent),
});

/** A row the editor added and left empty says nothing: left out (messages name the kept position). */
const isBlankTier = (raw: unknown) => {
  const row = asRecord(raw);
  return parseNumber(row.daysBefore) === null && parseNumber(row.refundPercent) === null;
};

const fee = anyValue().transform((value, context) => {
  const number = parseNumber(value);
  if (number === null) return 0;
  if (numberError(number, { max: MAX_DECIMAL }) !== null) {
    context.addIssue({ code: 'custom', message: cancellationPolicyMessages.fee });
    return z.NEVER;
  }
  return roundTo(number);
});

/** The policy as the editor and API send it; absent is the default, the tiers come back sorted (most days first). */
export const cancellationPolicySchema = looseObject({
  citizenMayCancel: flag(false),
  tiers: listOf(z.unknown())
    .transform((rows) => rows.filter((row) => !isBlankTier(row)))
    .pipe(z.array(tierSchema))
    .superRefine((tiers, context) => {
      const seen = new Set<number>();
      tiers.forEach((tier, index) => {
        if (seen.has(tier.daysBefore)) context.addIssue({ code: 'custom', path: [index, 'daysBefore'], message: cancellationPolicyMessages.duplicateDays });
        seen.add(tier.daysBefore);
      });
    })
    .transform((tiers) => [...tiers].sort((a, b) => b.daysBefore - a.daysBefore)),
  feeEur: fee,
});

/** A stored policy, or the default where a snapshot or row predates policies. */
export function policyOrDefault(value: unknown): CancellationPolicy {
  const parsed = cancellationPolicySchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : defaultCancellationPolicy();
}

const samePolicy = (a: CancellationPolicy, b: CancellationPolicy) =>
  a.citizenMayCancel === b.citizenMayCancel &&
  a.feeEur === b.feeEur &&
  a.tiers.length === b.tiers.length &&
  a.tiers.every((tier, index) => tier.daysBefore === b.tiers[index].daysBefore && tier.refundPercent === b.tiers[index].refundPercent);

/**
 * The one policy of a booking's objects (as they were booked), or null when they differ: a booking
 * of a room with a projector under other terms is not cut into parts, the staff decide on it.
 */
export function commonPolicy(policies: readonly CancellationPolicy[]): CancellationPolicy | null {
  if (policies.length === 0) return defaultCancellationPolicy();
  const [first, ...rest] = policies;
  return rest.every((policy) => samePolicy(first, policy)) ? first : null;
}

/** Why a cancellation is left to the staff. */
export type StaffDecisionReason = 'NOT_ALLOWED' | 'BEGUN' | 'NO_START' | 'POLICIES_DIFFER';

export const staffDecisionTexts: Readonly<Record<StaffDecisionReason, string>> = {
  NOT_ALLOWED: 'Für diese Buchung ist keine Selbststornierung vorgesehen; Ihre Stornierung wird als Anfrage an die Verwaltung gesendet.',
  BEGUN: 'Die Buchung hat bereits begonnen; über eine Stornierung entscheidet die Verwaltung.',
  NO_START: 'Die Buchung hat keinen Beginn, nach dem sich eine Erstattung richten könnte; über eine Stornierung entscheidet die Verwaltung.',
  POLICIES_DIFFER: 'Die gebuchten Objekte haben verschiedene Stornobedingungen; über eine Stornierung entscheidet die Verwaltung.',
};

/** What a citizen's cancellation brings back, or that the staff decide. */
export type RefundDecision =
  | {
      kind: 'refund';
      /** The tier applied; null when none applies (cancelled too late for any: nothing back). */
      tier: CancellationTier | null;
      /** Calendar days in Berlin from the cancellation's day to the start's day. */
      daysBefore: number;
      paidCents: number;
      feeCents: number;
      refundCents: number;
    }
  | { kind: 'staff'; reason: StaffDecisionReason; paidCents: number };

export interface RefundQuestion {
  /** null: the objects' policies differ (commonPolicy). */
  policy: CancellationPolicy | null;
  /** What the customer paid, in cents (0 when unpaid or free). */
  paidCents: number;
  /** When the booking begins (its own time, for tickets their event's); null when it has none. */
  begin: Date | null;
  /** The instant of the cancellation. */
  at: Date;
}

/**
 * The refund rule. Days count as calendar days in Europe/Berlin (the day of the start minus the day
 * of the cancellation), so a cancellation at 23:59 and one at 00:01 the next day differ by a day
 * whatever the clocks do in spring and autumn. The tier with the most days that the cancellation
 * still reaches applies: percent of what was paid (rounded to the cent), less the fee, never below
 * zero. Not allowed, already begun (the start has passed), no start, or differing policies: the
 * staff decide.
 */
export function refundDecision(question: RefundQuestion): RefundDecision {
  const paidCents = Math.max(0, Math.round(question.paidCents));
  const { policy, begin, at } = question;
  if (!policy) return { kind: 'staff', reason: 'POLICIES_DIFFER', paidCents };
  if (!policy.citizenMayCancel) return { kind: 'staff', reason: 'NOT_ALLOWED', paidCents };
  if (!begin) return { kind: 'staff', reason: 'NO_START', paidCents };
  if (at.getTime() >= begin.getTime()) return { kind: 'staff', reason: 'BEGUN', paidCents };
  const daysBefore = daysBetween(berlinParts(at).date, berlinParts(begin).date);
  const tier = [...policy.tiers].sort((a, b) => b.daysBefore - a.daysBefore).find((candidate) => daysBefore >= candidate.daysBefore) ?? null;
  const feeCents = Math.round(policy.feeEur * 100);
  const grossCents = tier ? Math.round((paidCents * tier.refundPercent) / 100) : 0;
  return { kind: 'refund', tier, daysBefore, paidCents, feeCents, refundCents: Math.max(0, grossCents - feeCents) };
}

/**
 * The policy in German sentences, as the booking page states it before booking and the
 * confirmation mail repeats it.
 */
export function cancellationPolicyLines(policy: CancellationPolicy): string[] {
  if (!policy.citizenMayCancel) return ['Eine Stornierung können Sie bei der Verwaltung anfragen; über eine Erstattung entscheidet die Verwaltung.'];
  const lines = ['Sie können diese Buchung bis zu ihrem Beginn selbst stornieren.'];
  if (policy.tiers.length === 0) lines.push('Bereits gezahlte Beträge werden dabei nicht erstattet.');
  for (const tier of [...policy.tiers].sort((a, b) => b.daysBefore - a.daysBefore)) {
    lines.push(tier.daysBefore === 0 ? `Bis zum Tag des Beginns: ${tier.refundPercent} % Erstattung.` : `Bis ${tier.daysBefore} ${tier.daysBefore === 1 ? 'Tag' : 'Tage'} vor Beginn: ${tier.refundPercent} % Erstattung.`);
  }
  if (policy.tiers.length > 0 && Math.min(...policy.tiers.map((tier) => tier.daysBefore)) > 0) lines.push('Danach wird nichts erstattet.');
  if (policy.feeEur > 0) lines.push(`Von jeder Erstattung wird eine Bearbeitungsgebühr von ${formatEuro(policy.feeEur)} einbehalten.`);
  return lines;
}
