import { describe, expect, it } from 'vitest';
import { ARCHIVE_NAME, BACKLOG_NAME, insertion, planMove, removal, stateFollowingStatus, type ColumnSpan, type Shift, type TaskPlace } from './workflow.board.js';

const states = [
  { id: 'eingang', name: 'Eingang' },
  { id: 'fertig', name: 'Erledigt' },
];
const inState = (stateId: string, position = 0): TaskPlace => ({ kind: 'state', stateId, position, enteredAt: 1 });
const request = (destination: string, newIndex: number | null = 0) => ({ taskId: 'T', destination, newIndex });

describe('planMove', () => {
  it('archives from a state; an archived task stays as it is', () => {
    expect(planMove(inState('eingang'), request('archive'), states)).toEqual({ target: { kind: 'archived' }, entered: null });
    expect(planMove({ kind: 'archived', enteredAt: 3 }, request('archive'), states)).toEqual({ target: { kind: 'unchanged' }, entered: null });
    expect(planMove({ kind: 'backlog' }, request('archive'), states)).toEqual({ target: { kind: 'archived' }, entered: null });
  });

  it('moves between states with the source name for the actions; within a state without actions and keeping its time', () => {
    expect(planMove(inState('eingang'), request('fertig', 2), states)).toEqual({
      target: { kind: 'state', stateId: 'fertig', index: 2, keepEnteredAt: false },
      entered: { stateId: 'fertig', fromName: 'Eingang' },
    });
    expect(planMove(inState('fertig'), request('fertig', 0), states)).toEqual({ target: { kind: 'state', stateId: 'fertig', index: 0, keepEnteredAt: true }, entered: null });
  });

  it('without newIndex a task in a state stays, but entering another state still runs its actions', () => {
    expect(planMove(inState('eingang'), request('fertig', null), states)).toEqual({ target: { kind: 'unchanged' }, entered: { stateId: 'fertig', fromName: 'Eingang' } });
  });

  it('a destination that is no state: from a state to the backlog, from the archive out of it, from the backlog nowhere', () => {
    expect(planMove(inState('eingang'), request('backlog'), states)).toEqual({ target: { kind: 'backlog' }, entered: null });
    expect(planMove({ kind: 'archived', enteredAt: null }, request('backlog', null), states)).toEqual({ target: { kind: 'backlog' }, entered: null });
    expect(planMove({ kind: 'backlog' }, request('irgendwo'), states)).toEqual({ target: { kind: 'unchanged' }, entered: null });
  });

  it('from the backlog or the archive into a state at newIndex (default 0), named "Backlog" or "Archiv"', () => {
    expect(planMove({ kind: 'backlog' }, request('eingang', null), states)).toEqual({
      target: { kind: 'state', stateId: 'eingang', index: 0, keepEnteredAt: false },
      entered: { stateId: 'eingang', fromName: BACKLOG_NAME },
    });
    expect(planMove({ kind: 'archived', enteredAt: 5 }, request('fertig', 3), states).entered).toEqual({ stateId: 'fertig', fromName: ARCHIVE_NAME });
  });
});

/** A column as position → card, changed the way the service changes rows. */
class Column {
  cards = new Map<number, string>();

  span(): ColumnSpan {
    const positions = [...this.cards.keys()];
    return positions.length === 0 ? { first: 0, count: 0 } : { first: Math.min(...positions), count: positions.length };
  }

  order(): string[] {
    return [...this.cards.entries()].sort(([a], [b]) => a - b).map(([, card]) => card);
  }

  apply(shift: Shift | null): number {
    if (!shift) return 0;
    const moved = [...this.cards.entries()].filter(([position]) => position >= shift.from && position <= shift.to);
    moved.forEach(([position]) => this.cards.delete(position));
    moved.forEach(([position, card]) => this.cards.set(position + shift.by, card));
    return moved.length;
  }

  insert(card: string, index: number): number {
    const { position, shift } = insertion(this.span(), index);
    const written = this.apply(shift);
    expect(this.cards.has(position)).toBe(false);
    this.cards.set(position, card);
    return written;
  }

  remove(card: string): number {
    const position = [...this.cards.entries()].find(([, candidate]) => candidate === card)![0];
    const { shift } = removal(this.span(), position);
    this.cards.delete(position);
    return this.apply(shift);
  }

  expectConsecutive(): void {
    const positions = [...this.cards.keys()].sort((a, b) => a - b);
    positions.forEach((position, index) => expect(position).toBe(positions[0] + index));
  }
}

describe('positions: insertion and removal keep every column consecutive and in the intended order', () => {
  it('a card at the top touches no other card; in the middle at most half the column moves', () => {
    const column = new Column();
    for (let index = 0; index < 10; index++) expect(column.insert(`K${index}`, 0)).toBe(0);
    expect(column.order()).toEqual(['K9', 'K8', 'K7', 'K6', 'K5', 'K4', 'K3', 'K2', 'K1', 'K0']);
    expect(column.insert('M', 5)).toBeLessThanOrEqual(5);
    expect(column.order().indexOf('M')).toBe(5);
    expect(column.insert('E', 99)).toBe(0);
    expect(column.order().at(-1)).toBe('E');
    expect(column.remove('K4')).toBeLessThanOrEqual(6);
    column.expectConsecutive();
  });

  it('random inserts and removals match a plain list (seeded, 2,000 steps)', () => {
    let seed = 42;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const column = new Column();
    const reference: string[] = [];
    for (let step = 0; step < 2000; step++) {
      if (reference.length > 0 && random(3) === 0) {
        const card = reference[random(reference.length)];
        column.remove(card);
        reference.splice(reference.indexOf(card), 1);
      } else {
        const index = random(reference.length + 2);
        column.insert(`C${step}`, index);
        reference.splice(Math.min(index, reference.length), 0, `C${step}`);
      }
      expect(column.order()).toEqual(reference);
    }
    column.expectConsecutive();
  });
});

describe('stateFollowingStatus', () => {
  const board = [
    { id: 'eingang', statuses: [] },
    { id: 'freigabe', statuses: ['commit'] },
    { id: 'bezahlt', statuses: ['paid'] },
    { id: 'freigabe-und-zahlung', statuses: ['commit', 'paid'] },
    { id: 'abgesagt', statuses: ['reject'] },
  ] as const;
  const released = { isCommitted: true, isRejected: false, isPayed: false };

  it('a released booking goes to the first state that releases', () => {
    expect(stateFollowingStatus(board, inState('eingang'), ['released'], released)).toBe('freigabe');
    expect(stateFollowingStatus(board, { kind: 'backlog' }, ['released'], released)).toBe('freigabe');
  });

  it('released and paid at once: the state of the last transition; a state that would set more is skipped', () => {
    expect(stateFollowingStatus(board, inState('eingang'), ['released', 'paid'], { ...released, isPayed: true })).toBe('bezahlt');
    // Paid but not released: "freigabe-und-zahlung" would release it, so only "bezahlt" qualifies.
    expect(stateFollowingStatus([board[0], board[3], board[2]], inState('eingang'), ['paid'], { isCommitted: false, isRejected: false, isPayed: true })).toBe('bezahlt');
  });

  it('rejected and cancelled go to the state that rejects', () => {
    const rejected = { isCommitted: true, isRejected: true, isPayed: false };
    expect(stateFollowingStatus(board, inState('freigabe'), ['cancelled'], rejected)).toBe('abgesagt');
    expect(stateFollowingStatus(board, inState('eingang'), ['rejected'], { ...rejected, isCommitted: false })).toBe('abgesagt');
  });

  it('stays: archived, already in a state that sets the status, or no state stands for it', () => {
    expect(stateFollowingStatus(board, { kind: 'archived', enteredAt: 1 }, ['released'], released)).toBeNull();
    expect(stateFollowingStatus(board, inState('freigabe-und-zahlung'), ['paid'], { ...released, isPayed: true })).toBeNull();
    expect(stateFollowingStatus([board[0]], inState('eingang'), ['released'], released)).toBeNull();
  });
});
