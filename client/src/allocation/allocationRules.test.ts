import { describe, expect, it } from 'vitest';
import { type PublishableRound, publishBlocker } from './allocationRules';

const wish = (decision: 'GRANT' | 'DECLINE' | null, grantedClash = false) => ({ decision, conflicts: { wishes: grantedClash ? [{ granted: true }] : [{ granted: false }] } });
const round = (wishes: ReturnType<typeof wish>[], undecidedCount = wishes.filter((entry) => !entry.decision).length): PublishableRound => ({ state: 'OPEN', undecidedCount, applications: [{ wishes }] });

describe('publishing an allocation round', () => {
  it('waits for applications and for every wish to be decided, counting them', () => {
    expect(publishBlocker({ state: 'OPEN', undecidedCount: 0, applications: [] })).toBe('Es liegen noch keine Bewerbungen vor.');
    expect(publishBlocker(round([wish(null)]))).toBe('Ein Wunsch ist noch nicht entschieden.');
    expect(publishBlocker(round([wish(null), wish(null), wish('GRANT')]))).toBe('2 Wünsche sind noch nicht entschieden.');
  });

  it('waits while grants overlap; a grant beside a mere wish or a decline is fine', () => {
    expect(publishBlocker(round([wish('GRANT', true), wish('GRANT', true)]))).toMatch(/^Zusagen überschneiden sich/);
    expect(publishBlocker(round([wish('GRANT'), wish('DECLINE')]))).toBeNull();
    expect(publishBlocker({ ...round([wish(null)]), state: 'PUBLISHED' })).toBeNull();
  });
});
