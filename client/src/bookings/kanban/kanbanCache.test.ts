import { describe, expect, it } from 'vitest';
import { KanbanBacklogDocument, KanbanBoardDocument } from '../../gql/graphql';
import { createCache } from '../../shared/apolloCache';
import { bookingTypePolicies, storedPagePlace } from '../staff/bookingCachePolicy';
import { applyBacklogBookingChange, applyCardPlacement, backlogPageOffset, destinationOf, type KanbanCard, optimisticCard } from './kanbanCache';
import { registerKanbanTypePolicies } from './kanbanCachePolicy';

const TENANT = 'rathaus';

function booking(id: string, created: string) {
  return {
    __typename: 'Booking' as const,
    id,
    tenantId: TENANT,
    timeCreated: created,
    timeBegin: '2026-12-07T09:00:00.000Z',
    timeEnd: '2026-12-07T11:00:00.000Z',
    name: `Kundin ${id}`,
    company: '',
    mail: `${id.toLowerCase()}@example.com`,
    phone: '',
    location: 'Musterstadt',
    priceEur: 10,
    isCommitted: false,
    isRejected: false,
    isPayed: false,
    paymentMethod: '',
    paymentProvider: null,
    assignedUserId: null,
    seriesId: null,
    items: [
      { __typename: 'BookingItem' as const, bookableId: 'saal', amount: 1, regularGrossPriceEur: 10, userGrossPriceEur: 10, bookable: { __typename: 'PublicBookable' as const, title: 'Bürgerhaus' }, event: null },
    ],
  };
}

function card(id: string, stateId: string | null, index: number | null, created = '2026-11-01T10:00:00.000Z', extra: Partial<KanbanCard> = {}) {
  return {
    __typename: 'WorkflowCard' as const,
    id,
    tenantId: TENANT,
    stateId,
    archived: false,
    index,
    enteredAt: stateId ? '2026-11-20T10:00:00.000Z' : null,
    booking: booking(id, created),
    ...extra,
  };
}

/** A cache holding the board (Eingang: A, B; Prüfung: C) and one backlog page (N2, N1; newest first). */
function setUp(backlogTotal = 2) {
  const cache = createCache(bookingTypePolicies);
  registerKanbanTypePolicies(cache);
  // Twice, as every render of the board asks: registered once.
  registerKanbanTypePolicies(cache);
  cache.writeQuery({
    query: KanbanBoardDocument,
    variables: { tenantId: TENANT },
    data: {
      workflowBoard: {
        __typename: 'WorkflowBoard',
        tenantId: TENANT,
        active: true,
        states: [
          { __typename: 'WorkflowColumn', id: 'eingang', name: 'Eingang', cards: [card('A', 'eingang', 0), card('B', 'eingang', 1)] },
          { __typename: 'WorkflowColumn', id: 'pruefung', name: 'Prüfung', cards: [card('C', 'pruefung', 0)] },
        ],
      },
    } as never,
  });
  cache.writeQuery({
    query: KanbanBacklogDocument,
    variables: { tenantId: TENANT, limit: 50, offset: 0 },
    data: { bookings: { __typename: 'BookingPage', total: backlogTotal, items: [booking('N2', '2026-11-10T10:00:00.000Z'), booking('N1', '2026-11-05T10:00:00.000Z')] } } as never,
  });
  const columns = () =>
    Object.fromEntries(
      cache.readQuery({ query: KanbanBoardDocument, variables: { tenantId: TENANT } })!.workflowBoard.states.map((state) => [state.id, state.cards.map((item) => item.id)]),
    );
  const backlog = () => {
    const page = cache.readQuery({ query: KanbanBacklogDocument, variables: { tenantId: TENANT, limit: 50, offset: 0 } })!.bookings;
    return { ids: page.items.map((item) => item.id), total: page.total };
  };
  return { cache, columns, backlog };
}

describe('applyCardPlacement', () => {
  it('moves a card between states at the index the server names', () => {
    const { cache, columns, backlog } = setUp();
    applyCardPlacement(cache, TENANT, card('A', 'pruefung', 1) as KanbanCard);
    expect(columns()).toEqual({ eingang: ['B'], pruefung: ['C', 'A'] });
    expect(backlog()).toEqual({ ids: ['N2', 'N1'], total: 2 });
  });

  it('is idempotent: the own move’s answer and its event give the same board', () => {
    const { cache, columns } = setUp();
    const moved = card('B', 'eingang', 0) as KanbanCard;
    applyCardPlacement(cache, TENANT, moved);
    applyCardPlacement(cache, TENANT, moved);
    expect(columns()).toEqual({ eingang: ['B', 'A'], pruefung: ['C'] });
  });

  it('takes a card from the backlog onto the board and counts the backlog down', () => {
    const { cache, columns, backlog } = setUp();
    applyCardPlacement(cache, TENANT, card('N1', 'pruefung', 0, '2026-11-05T10:00:00.000Z') as KanbanCard);
    expect(columns()).toEqual({ eingang: ['A', 'B'], pruefung: ['N1', 'C'] });
    expect(backlog()).toEqual({ ids: ['N2'], total: 1 });
  });

  it('puts a card sent to the backlog where its booking’s creation puts it, and counts it', () => {
    const { cache, columns, backlog } = setUp();
    applyCardPlacement(cache, TENANT, card('A', null, null, '2026-11-07T10:00:00.000Z') as KanbanCard);
    expect(columns()).toEqual({ eingang: ['B'], pruefung: ['C'] });
    expect(backlog()).toEqual({ ids: ['N2', 'A', 'N1'], total: 3 });
  });

  it('leaves an older booking to the backlog’s part still to load', () => {
    const { cache, backlog } = setUp(120);
    applyCardPlacement(cache, TENANT, card('A', null, null, '2026-10-01T10:00:00.000Z') as KanbanCard);
    expect(backlog()).toEqual({ ids: ['N2', 'N1'], total: 121 });
  });

  it('takes archived cards and deleted bookings off the board', () => {
    const { cache, columns, backlog } = setUp();
    applyCardPlacement(cache, TENANT, card('A', null, null, undefined, { archived: true, enteredAt: '2026-11-24T10:00:00.000Z' }) as KanbanCard);
    applyCardPlacement(cache, TENANT, card('C', null, null, undefined, { booking: null }) as KanbanCard);
    expect(columns()).toEqual({ eingang: ['B'], pruefung: [] });
    expect(backlog()).toEqual({ ids: ['N2', 'N1'], total: 2 });
  });

  it('ignores another tenant’s cards', () => {
    const { cache, columns } = setUp();
    applyCardPlacement(cache, TENANT, { ...card('A', 'pruefung', 0), tenantId: 'bibliothek' } as KanbanCard);
    expect(columns()).toEqual({ eingang: ['A', 'B'], pruefung: ['C'] });
  });

  it('shows an optimistic move at once and takes it back when the server refuses it', () => {
    const { cache, columns } = setUp();
    const item = { id: 'A', booking: booking('A', '2026-11-01T10:00:00.000Z'), enteredAt: '2026-11-20T10:00:00.000Z', column: 'eingang' };
    cache.recordOptimisticTransaction((layer) => applyCardPlacement(layer, TENANT, optimisticCard(TENANT, item, 'pruefung', 0, new Date())), 'move-A');
    const optimistic = cache
      .readQuery({ query: KanbanBoardDocument, variables: { tenantId: TENANT } }, true)!
      .workflowBoard.states.map((state) => state.cards.map((entry) => entry.id));
    expect(optimistic).toEqual([['B'], ['A', 'C']]);
    cache.removeOptimistic('move-A');
    expect(columns()).toEqual({ eingang: ['A', 'B'], pruefung: ['C'] });
  });
});

describe('applyBacklogBookingChange', () => {
  it('puts a new booking without a state at the top of the backlog', () => {
    const { cache, backlog } = setUp();
    applyBacklogBookingChange(cache, TENANT, { action: 'CREATED', id: 'N3', tenantId: TENANT, booking: { ...booking('N3', '2026-11-23T10:00:00.000Z'), workflowStatus: null } });
    expect(backlog()).toEqual({ ids: ['N3', 'N2', 'N1'], total: 3 });
    // The same event twice: once.
    applyBacklogBookingChange(cache, TENANT, { action: 'CREATED', id: 'N3', tenantId: TENANT, booking: { ...booking('N3', '2026-11-23T10:00:00.000Z'), workflowStatus: null } });
    expect(backlog().total).toBe(3);
  });

  it('leaves a new booking that went to the default state to its card event', () => {
    const { cache, backlog } = setUp();
    applyBacklogBookingChange(cache, TENANT, {
      action: 'CREATED',
      id: 'N3',
      tenantId: TENANT,
      booking: { ...booking('N3', '2026-11-23T10:00:00.000Z'), workflowStatus: 'eingang' },
    });
    expect(backlog()).toEqual({ ids: ['N2', 'N1'], total: 2 });
  });

  it('does not put a booking into the backlog whose card is on the board already (events of two subscriptions may cross)', () => {
    const { cache, backlog } = setUp();
    applyCardPlacement(cache, TENANT, card('N3', 'eingang', 0, '2026-11-23T10:00:00.000Z') as KanbanCard);
    applyBacklogBookingChange(cache, TENANT, { action: 'CREATED', id: 'N3', tenantId: TENANT, booking: { ...booking('N3', '2026-11-23T10:00:00.000Z'), workflowStatus: null } });
    expect(backlog()).toEqual({ ids: ['N2', 'N1'], total: 2 });
  });

  it('takes a deleted booking out of the backlog', () => {
    const { cache, backlog } = setUp();
    applyBacklogBookingChange(cache, TENANT, { action: 'DELETED', id: 'N2', tenantId: TENANT, booking: null });
    expect(backlog()).toEqual({ ids: ['N1'], total: 1 });
  });
});

describe('the board’s type policies', () => {
  it('identify a card by tenant and booking number, and the board by its tenant', () => {
    const { cache } = setUp();
    expect(cache.identify({ __typename: 'WorkflowCard', tenantId: TENANT, id: 'A' })).toBe('WorkflowCard:{"tenantId":"rathaus","id":"A"}');
    expect(cache.identify({ __typename: 'WorkflowBoard', tenantId: TENANT })).toBe('WorkflowBoard:{"tenantId":"rathaus"}');
    // The columns live inside the board: a state id is unique only within its tenant.
    expect(Object.keys(cache.extract()).filter((key) => key.startsWith('WorkflowColumn'))).toEqual([]);
  });
});

describe('the backlog’s pages in the cache', () => {
  it('are told apart from the list’s pages, which live changes of the list follow', () => {
    const backlogField = `bookings:${JSON.stringify({ tenantId: TENANT, backlog: true, limit: 50, offset: 100 })}`;
    const listField = `bookings:${JSON.stringify({ tenantId: TENANT, limit: 500, offset: 100 })}`;
    expect(backlogPageOffset(backlogField, TENANT)).toBe(100);
    expect(backlogPageOffset(listField, TENANT)).toBeNull();
    expect(backlogPageOffset(backlogField, 'bibliothek')).toBeNull();
    expect(storedPagePlace(backlogField, TENANT)).toBeNull();
    expect(storedPagePlace(listField, TENANT)).toEqual({ isFirst: false, window: null });
  });
});

describe('destinationOf and optimisticCard', () => {
  it('reads the server’s place of a card', () => {
    expect(destinationOf({ stateId: 's', archived: false, index: 2, booking: null })).toEqual({ kind: 'state', stateId: 's', index: 2 });
    expect(destinationOf({ stateId: null, archived: false, index: null, booking: booking('A', '2026-11-01T10:00:00.000Z') })).toEqual({ kind: 'backlog' });
    expect(destinationOf({ stateId: null, archived: true, index: null, booking: booking('A', '2026-11-01T10:00:00.000Z') })).toEqual({ kind: 'gone' });
  });

  it('keeps the entry time within a state and starts it anew elsewhere, as the server does', () => {
    const now = new Date('2026-11-24T12:00:00.000Z');
    const item = { id: 'A', booking: booking('A', '2026-11-01T10:00:00.000Z'), enteredAt: '2026-11-20T10:00:00.000Z', column: 'eingang' };
    expect(optimisticCard(TENANT, item, 'eingang', 1, now)).toMatchObject({ stateId: 'eingang', index: 1, enteredAt: '2026-11-20T10:00:00.000Z', archived: false });
    expect(optimisticCard(TENANT, item, 'pruefung', 0, now)).toMatchObject({ stateId: 'pruefung', index: 0, enteredAt: now.toISOString() });
    expect(optimisticCard(TENANT, item, 'backlog', 0, now)).toMatchObject({ stateId: null, index: null, enteredAt: null, archived: false });
    expect(optimisticCard(TENANT, item, 'archive', 0, now)).toMatchObject({ stateId: null, archived: true, enteredAt: now.toISOString() });
  });
});
