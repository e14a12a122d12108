import type { AllocationDecision, AllocationRoundState } from '../gql/graphql';

/** What the allocation screen needs of a round to tell whether it can be published. */
export interface PublishableRound {
  state: AllocationRoundState;
  undecidedCount: number;
  applications: { wishes: { decision: AllocationDecision | null; conflicts: { wishes: { granted: boolean }[] } }[] }[];
}

/** Grants that overlap another grant: publishing waits until they are resolved. */
export function overlappingGrants(round: Pick<PublishableRound, 'applications'>): number {
  return round.applications.flatMap((application) => application.wishes).filter((wish) => wish.decision === 'GRANT' && wish.conflicts.wishes.some((other) => other.granted)).length;
}

/** Why the round cannot be published yet (the server refuses it then, too), or null when it can. */
export function publishBlocker(round: PublishableRound): string | null {
  if (round.state === 'PUBLISHED') return null;
  if (round.applications.length === 0) return 'Es liegen noch keine Bewerbungen vor.';
  if (round.undecidedCount > 0) return round.undecidedCount === 1 ? 'Ein Wunsch ist noch nicht entschieden.' : `${round.undecidedCount} Wünsche sind noch nicht entschieden.`;
  if (overlappingGrants(round) > 0) return 'Zusagen überschneiden sich: Bitte geben Sie einer Bewerbung eine andere Zeit oder sagen Sie ab.';
  return null;
}
