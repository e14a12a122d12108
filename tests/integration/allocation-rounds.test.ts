import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../server/src/bookings/booking.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { berlinParts } from '../../common/time/berlin.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { testDay, testDayGerman } from '../support/test-calendar.js';
import { bookableRoom, customer, slot } from './bookings.fixtures.js';

/**
 * Allocation rounds through REST and GraphQL: staff open a round over a season of two halls, two
 * clubs apply during the window for the same hall on Tuesday evenings, staff see the conflict (and
 * a date already booked), resolve it by granting the second club other times, publish, and each
 * club gets its series (holidays skipped, the taken date left out) and one result mail.
 */
let app: TestApp;
let tenantId: string;
let guest: HttpClient;
let staff: HttpClient;
let foreignStaff: HttpClient;
/** Staff who may release only the bookings assigned to them (manageBookings readOwn, updateOwn). */
let ownBookingsStaff: HttpClient;
let tsv: HttpClient;
let sfc: HttpClient;
let hallA: { id: string };
let hallB: { id: string };
let beamer: { id: string };
let roundId: string;

const HOUR = 3_600_000;
const TSV_MAIL = 'halle@tsv.example';
const SFC_MAIL = 'vorstand@sfc.example';
/** The season: five Tuesdays (2, 9, 16, 23 and 30 November 2027 of the test calendar). */
const SEASON = { seasonBegin: testDay('2027-11-01'), seasonEnd: testDay('2027-12-05') };
const tuesday = (day: string) => testDay(`2027-11-${day}`);

beforeAll(async () => {
  app = await startTestApp();
  for (const id of ['amt@hallen.example', 'eigene@hallen.example', 'fremd@anderes-amt.example', 'tsv@verein.example', 'sfc@verein.example']) await createUser(app.orm, { id, password: `${id}-passwort` });
  const tenant = await createTenant(app.orm, {
    name: 'Hallenvergabe Musterstadt',
    owners: ['amt@hallen.example'],
    roles: [{ name: 'Eigene Buchungen', manageBookings: { create: false, readAny: false, readOwn: true, updateAny: false, updateOwn: true, deleteAny: false, deleteOwn: false } }],
    members: [{ userId: 'eigene@hallen.example', roles: ['Eigene Buchungen'] }],
  });
  await createTenant(app.orm, { name: 'Anderes Amt', owners: ['fremd@anderes-amt.example'] });
  tenantId = tenant.id;
  const em = app.orm.em.fork();
  const stored = await em.findOneOrFail(Tenant, { id: tenantId });
  stored.mail = 'hallen@musterstadt.example';
  stored.applications = [{ id: 'invoice', type: 'payment', title: 'Rechnung', active: true, bank: 'Sparkasse', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', accountHolder: 'Stadt', daysUntilPaymentDue: 14 }];
  // The third Tuesday of the season lies in the autumn holidays.
  stored.schoolHolidays = [{ title: 'Herbstferien', from: tuesday('15'), to: tuesday('19') }];
  await em.flush();
  hallA = await bookableRoom(app, tenantId, { title: 'Sporthalle Nord' });
  hallB = await bookableRoom(app, tenantId, { title: 'Sporthalle Süd' });
  beamer = await bookableRoom(app, tenantId, { type: 'resource', title: 'Beamer der Halle' });
  guest = app.client();
  staff = app.client();
  foreignStaff = app.client();
  ownBookingsStaff = app.client();
  tsv = app.client();
  sfc = app.client();
  await signIn(staff, 'amt@hallen.example', 'amt@hallen.example-passwort');
  await signIn(foreignStaff, 'fremd@anderes-amt.example', 'fremd@anderes-amt.example-passwort');
  await signIn(ownBookingsStaff, 'eigene@hallen.example', 'eigene@hallen.example-passwort');
  await signIn(tsv, 'tsv@verein.example', 'tsv@verein.example-passwort');
  await signIn(sfc, 'sfc@verein.example', 'sfc@verein.example-passwort');
});
afterAll(async () => app?.close());

const rounds = () => `/api/${tenantId}/allocation-rounds`;
const roundInput = (window: { from: number; until: number }, title = 'Hallenbelegung 2027/28') => ({
  title,
  ...SEASON,
  applicationsFrom: new Date(window.from).toISOString(),
  applicationsUntil: new Date(window.until).toISOString(),
  bookableIds: [hallA.id, hallB.id],
});
const openWindow = () => ({ from: Date.now() - HOUR, until: Date.now() + HOUR });
const wish = (data: Record<string, unknown>) => ({ weekday: 'TU', timeBegin: '18:00', timeEnd: '20:00', interval: 1, participants: 20, priority: 1, ...data });
const application = (name: string, mail: string, wishes: Record<string, unknown>[]) => ({ name, contactName: 'Erika Mustermann', mail, phone: '0123 456', registration: 'VR 4711', wishes });

const ROUND_FIELDS = `id title state undecidedCount
  applications { id name userId wishes { id priority decision reason grant { bookableId weekday timeBegin timeEnd } seriesId leftOutDates { date reason }
    conflicts { wishes { wishId applicantName granted } dates { date reason reasonText } } } }
  history { action wishId actorLabel before { decision } after { decision timeBegin timeEnd reason } }`;

interface StaffWish {
  id: string;
  priority: number;
  decision: string | null;
  seriesId: string | null;
  leftOutDates: { date: string; reason: string }[];
  conflicts: { wishes: { wishId: string; applicantName: string; granted: boolean }[]; dates: { date: string; reason: string; reasonText: string }[] };
}
interface RoundDetail {
  id: string;
  state: string;
  undecidedCount: number;
  applications: { id: string; name: string; userId: string; wishes: StaffWish[] }[];
  history: { action: string; wishId: string | null; actorLabel: string; after: { decision: string } | null }[];
}

const readRound = async () => {
  const response = await staff.gql<{ allocationRound: RoundDetail }>(`query($tenantId: ID!, $id: ID!) { allocationRound(tenantId: $tenantId, id: $id) { ${ROUND_FIELDS} } }`, { tenantId, id: roundId });
  expect(response.errors).toBeUndefined();
  return response.data!.allocationRound;
};
const wishOf = (detail: RoundDetail, name: string, priority = 1) => detail.applications.find((entry) => entry.name === name)!.wishes.find((entry) => entry.priority === priority)!;
const decide = (client: HttpClient, wishId: string, body: Record<string, unknown>) => client.post(`/api/${tenantId}/allocation-wishes/${wishId}/decision`, body);

describe('allocation rounds: creating a round', () => {
  it('lets the tenant\'s staff create a round, refuses another tenant\'s staff and anonymous callers, and names wrong fields', async () => {
    expect((await guest.post(rounds(), roundInput(openWindow()))).status).toBe(401);
    const foreign = await foreignStaff.post(rounds(), roundInput(openWindow()));
    expect(foreign.status).toBe(403);
    const foreignGraph = await foreignStaff.gql(`mutation($tenantId: ID!, $input: AllocationRoundInput!) { createAllocationRound(tenantId: $tenantId, input: $input) { id } }`, { tenantId, input: roundInput(openWindow()) });
    expect(foreignGraph.errors?.[0].extensions?.code).toBe('AUTH_FORBIDDEN');

    const bad = await staff.post(rounds(), { ...roundInput(openWindow()), seasonEnd: testDay('2027-10-01'), bookableIds: [] });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.json.code).toBe('generic.validation');
    expect(Object.keys(bad.json.errors).sort()).toEqual(['bookableIds', 'seasonEnd']);
    const foreignObject = await staff.post(rounds(), { ...roundInput(openWindow()), bookableIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(foreignObject.status).toBe(400);

    const created = await staff.post(rounds(), roundInput(openWindow()));
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ title: 'Hallenbelegung 2027/28', state: 'OPEN', skipHolidays: true, ...SEASON, bookables: [{ id: hallA.id, title: 'Sporthalle Nord' }, { id: hallB.id, title: 'Sporthalle Süd' }] });
    roundId = created.json.id;

    const renamed = await staff.put(`${rounds()}/${roundId}`, roundInput({ from: Date.now() - HOUR, until: Date.now() + 2 * HOUR }, 'Hallenbelegung Winter 2027'));
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.title).toBe('Hallenbelegung Winter 2027');
  });

  it('lists the open round publicly, with its objects\' titles', async () => {
    const open = await guest.gql<{ openAllocationRounds: { id: string; title: string; bookables: { title: string }[] }[] }>(`query($tenantId: ID!) { openAllocationRounds(tenantId: $tenantId) { id title seasonBegin seasonEnd applicationsUntil bookables { id title } } }`, { tenantId });
    expect(open.errors).toBeUndefined();
    expect(open.data!.openAllocationRounds.map((round) => round.id)).toContain(roundId);
    expect(open.data!.openAllocationRounds.find((round) => round.id === roundId)!.bookables.map((bookable) => bookable.title)).toEqual(['Sporthalle Nord', 'Sporthalle Süd']);
    const rest = await guest.get(rounds());
    expect(rest.status).toBe(200);
    expect(rest.json.map((round: { id: string }) => round.id)).toContain(roundId);
  });
});

describe('allocation rounds: applying', () => {
  it('refuses applications before and after the window', async () => {
    const future = await staff.post(rounds(), roundInput({ from: Date.now() + 24 * HOUR, until: Date.now() + 48 * HOUR }, 'Künftige Runde'));
    const past = await staff.post(rounds(), roundInput({ from: Date.now() - 48 * HOUR, until: Date.now() - 24 * HOUR }, 'Vergangene Runde'));
    for (const round of [future, past]) {
      const response = await tsv.post(`${rounds()}/${round.json.id}/applications`, application('TSV Musterstadt', TSV_MAIL, [wish({ bookableId: hallA.id })]));
      expect(response.status, response.text).toBe(409);
      expect(response.json.code).toBe('allocation.window-closed');
    }
  });

  it('takes one application per account and names wrong wishes', async () => {
    expect((await guest.post(`${rounds()}/${roundId}/applications`, application('Niemand', 'n@example.com', [wish({ bookableId: hallA.id })]))).status).toBe(401);
    const wrong = await tsv.post(`${rounds()}/${roundId}/applications`, application('TSV Musterstadt', TSV_MAIL, [wish({ bookableId: hallA.id, timeEnd: '17:00' }), wish({ bookableId: hallB.id })]));
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.json.errors).sort()).toEqual(['wishes.0.timeEnd', 'wishes.1.priority']);

    const applied = await tsv.post(`${rounds()}/${roundId}/applications`, application('TSV Musterstadt', TSV_MAIL, [wish({ bookableId: hallA.id }), wish({ bookableId: hallB.id, weekday: 'WE', timeBegin: '17:00', timeEnd: '19:00', priority: 2 })]));
    expect(applied.status, applied.text).toBe(201);
    expect(applied.json).toMatchObject({ name: 'TSV Musterstadt', userId: 'tsv@verein.example', wishes: [{ priority: 1, weekday: 'TU', decision: null }, { priority: 2, weekday: 'WE' }] });
    const again = await tsv.post(`${rounds()}/${roundId}/applications`, application('TSV Musterstadt', TSV_MAIL, [wish({ bookableId: hallA.id })]));
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('allocation.already-applied');

    const graph = await sfc.gql<{ applyForAllocation: { id: string } }>(`mutation($tenantId: ID!, $input: AllocationApplicationInput!) { applyForAllocation(tenantId: $tenantId, input: $input) { id name wishes { priority } } }`, {
      tenantId,
      input: { roundId, ...application('SFC Blau-Weiß', SFC_MAIL, [wish({ bookableType: 'room' })]) },
    });
    expect(graph.errors).toBeUndefined();
    // The club names the hall after all: the application's wishes are replaced.
    const updated = await sfc.gql<{ updateAllocationApplication: { wishes: { bookableId: string }[] } }>(`mutation($tenantId: ID!, $input: AllocationApplicationInput!) { updateAllocationApplication(tenantId: $tenantId, input: $input) { wishes { bookableId bookableType } } }`, {
      tenantId,
      input: { id: graph.data!.applyForAllocation.id, ...application('SFC Blau-Weiß', SFC_MAIL, [wish({ bookableId: hallA.id, timeBegin: '19:00', timeEnd: '21:00' })]) },
    });
    expect(updated.errors).toBeUndefined();
    expect(updated.data!.updateAllocationApplication.wishes).toEqual([{ bookableId: hallA.id, bookableType: null }]);
  });

  it('lets the applicant withdraw an application while the window is open; nobody else can', async () => {
    const other = await staff.post(rounds(), roundInput(openWindow(), 'Nachrunde'));
    const applied = await tsv.post(`${rounds()}/${other.json.id}/applications`, application('TSV Musterstadt', TSV_MAIL, [wish({ bookableId: hallB.id })]));
    expect(applied.status, applied.text).toBe(201);
    const withdraw = `mutation($tenantId: ID!, $id: ID!) { withdrawAllocationApplication(tenantId: $tenantId, id: $id) }`;
    const foreign = await sfc.gql(withdraw, { tenantId, id: applied.json.id });
    expect(foreign.errors?.[0].extensions?.code).toBe('ALLOCATION_NOT_FOUND');
    const withdrawn = await tsv.gql<{ withdrawAllocationApplication: boolean }>(withdraw, { tenantId, id: applied.json.id });
    expect(withdrawn.errors).toBeUndefined();
    expect(withdrawn.data!.withdrawAllocationApplication).toBe(true);
  });
});

describe('allocation rounds: conflicts, decisions and publishing', () => {
  it('shows the two clubs\' clash on Tuesdays, the holiday and the date already booked, in the round and in the grid', async () => {
    const taken = await guest.post(`/api/${tenantId}/checkout?simulate=false`, { ...slot(18, '2027-11-23', 2), bookableItems: [{ bookableId: hallA.id }], ...customer, paymentProvider: 'invoice' });
    expect(taken.status, taken.text).toBe(200);

    const detail = await readRound();
    const tsvWish = wishOf(detail, 'TSV Musterstadt');
    const sfcWish = wishOf(detail, 'SFC Blau-Weiß');
    expect(tsvWish.conflicts.wishes).toEqual([{ wishId: sfcWish.id, applicantName: 'SFC Blau-Weiß', granted: false }]);
    expect(sfcWish.conflicts.wishes.map((clash) => clash.applicantName)).toEqual(['TSV Musterstadt']);
    expect(tsvWish.conflicts.dates).toEqual([
      { date: tuesday('16'), reason: 'holiday', reasonText: 'Herbstferien' },
      expect.objectContaining({ date: tuesday('23'), reason: 'taken' }),
    ]);
    expect(wishOf(detail, 'TSV Musterstadt', 2).conflicts.wishes).toEqual([]);
    expect(detail.undecidedCount).toBe(3);
    // The staff's list counts the applications and the wishes still open; the public reads no counts.
    const listed = await staff.gql<{ allocationRounds: { id: string; applicationCount: number | null; openWishCount: number | null }[] }>(`query($tenantId: ID!) { allocationRounds(tenantId: $tenantId) { id applicationCount openWishCount } }`, { tenantId });
    expect(listed.data!.allocationRounds.find((round) => round.id === roundId)).toEqual({ id: roundId, applicationCount: 2, openWishCount: 3 });
    const publicList = await guest.gql<{ openAllocationRounds: { id: string; applicationCount: number | null }[] }>(`query($tenantId: ID!) { openAllocationRounds(tenantId: $tenantId) { id applicationCount } }`, { tenantId });
    expect(publicList.data!.openAllocationRounds.find((round) => round.id === roundId)!.applicationCount).toBeNull();
    const staffRest = await staff.get(rounds());
    expect(staffRest.json.find((round: { id: string }) => round.id === roundId)).toMatchObject({ applicationCount: 2, openWishCount: 3 });

    const grid = await staff.get(`${rounds()}/${roundId}/grid`);
    expect(grid.status, grid.text).toBe(200);
    const tuesdays = grid.json.rows.find((row: { bookable: { id: string } }) => row.bookable.id === hallA.id).days.find((day: { weekday: string }) => day.weekday === 'TU');
    const cell = (hour: number) => tuesdays.cells[hour] as { hour: number; entries: { applicantName: string }[]; conflict: boolean };
    expect(cell(18)).toMatchObject({ hour: 18, conflict: false });
    expect(cell(18).entries.map((entry) => entry.applicantName)).toEqual(['TSV Musterstadt']);
    expect(cell(19).entries.map((entry) => entry.applicantName).sort()).toEqual(['SFC Blau-Weiß', 'TSV Musterstadt']);
    expect(cell(19).conflict).toBe(true);
    expect(cell(17).entries).toEqual([]);
  });

  it('refuses a conflicting grant and publishing while undecided, then resolves the conflict by granting other times', async () => {
    let detail = await readRound();
    const tsvWish = wishOf(detail, 'TSV Musterstadt');
    const tsvSouth = wishOf(detail, 'TSV Musterstadt', 2);
    const sfcWish = wishOf(detail, 'SFC Blau-Weiß');

    expect((await decide(foreignStaff, tsvWish.id, { decision: 'GRANT' })).status).toBe(403);
    const granted = await decide(staff, tsvWish.id, { decision: 'GRANT' });
    expect(granted.status, granted.text).toBe(200);
    expect(granted.json).toMatchObject({ decision: 'GRANT', grant: { bookableId: hallA.id, weekday: 'TU', timeBegin: '18:00', timeEnd: '20:00' } });

    const clash = await decide(staff, sfcWish.id, { decision: 'GRANT' });
    expect(clash.status).toBe(409);
    expect(clash.json.code).toBe('allocation.grant-conflict');
    expect(clash.json.detail).toContain('TSV Musterstadt');

    const early = await staff.post(`${rounds()}/${roundId}/publish`);
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ code: 'allocation.undecided-wishes' });
    expect(early.json.detail).toContain('2 Wünsche');

    const noReason = await decide(staff, tsvSouth.id, { decision: 'DECLINE' });
    expect(noReason.status).toBe(400);
    expect(Object.keys(noReason.json.errors)).toEqual(['reason']);
    expect((await decide(staff, tsvSouth.id, { decision: 'DECLINE', reason: 'Die Südhalle ist mittwochs an die Schule vergeben.' })).status).toBe(200);

    const graph = await staff.gql<{ decideAllocationWish: { grant: { timeBegin: string } } }>(
      `mutation($tenantId: ID!, $input: AllocationDecisionInput!) { decideAllocationWish(tenantId: $tenantId, input: $input) { decision grant { bookableId timeBegin timeEnd } } }`,
      { tenantId, input: { wishId: sfcWish.id, decision: 'GRANT', timeBegin: '20:00', timeEnd: '22:00', reason: 'Ab 20 Uhr ist die Halle frei.' } },
    );
    expect(graph.errors).toBeUndefined();
    expect(graph.data!.decideAllocationWish.grant).toEqual({ bookableId: hallA.id, timeBegin: '20:00', timeEnd: '22:00' });

    detail = await readRound();
    expect(detail.undecidedCount).toBe(0);
    expect(wishOf(detail, 'TSV Musterstadt').conflicts.wishes).toEqual([]);
  });

  it('publishes: each grant a series over the season assigned to the club\'s account, holidays skipped, the taken date left out, one result mail per club', async () => {
    await waitForSettledQueue(app.orm);
    app.smtp.clear();
    const before = await app.orm.em.fork().count(Booking, { tenant: tenantId });
    const published = await staff.gql<{ publishAllocationRound: RoundDetail }>(`mutation($tenantId: ID!, $id: ID!) { publishAllocationRound(tenantId: $tenantId, id: $id) { ${ROUND_FIELDS} } }`, { tenantId, id: roundId });
    expect(published.errors).toBeUndefined();
    const detail = published.data!.publishAllocationRound;
    expect(detail.state).toBe('PUBLISHED');

    const tsvWish = wishOf(detail, 'TSV Musterstadt');
    const sfcWish = wishOf(detail, 'SFC Blau-Weiß');
    expect(tsvWish.leftOutDates).toEqual([{ date: tuesday('16'), reason: 'holiday' }, { date: tuesday('23'), reason: 'taken' }]);
    expect(sfcWish.leftOutDates).toEqual([{ date: tuesday('16'), reason: 'holiday' }]);
    const em = app.orm.em.fork();
    const tsvBookings = await em.find(Booking, { tenant: tenantId, seriesId: tsvWish.seriesId }, { orderBy: { timeBegin: 'asc' } });
    const sfcBookings = await em.find(Booking, { tenant: tenantId, seriesId: sfcWish.seriesId }, { orderBy: { timeBegin: 'asc' } });
    expect(tsvBookings.map((booking) => berlinParts(booking.timeBegin as Date).date)).toEqual([tuesday('02'), tuesday('09'), tuesday('30')]);
    expect(sfcBookings.map((booking) => `${berlinParts(booking.timeBegin as Date).date} ${berlinParts(booking.timeBegin as Date).time}`)).toEqual(['02', '09', '23', '30'].map((day) => `${tuesday(day)} 20:00`));
    expect(tsvBookings.every((booking) => booking.assignedUserId === 'tsv@verein.example' && booking.name === 'TSV Musterstadt' && booking.mail === TSV_MAIL && booking.paymentProvider === 'invoice')).toBe(true);
    expect(sfcBookings.every((booking) => booking.assignedUserId === 'sfc@verein.example')).toBe(true);
    expect(await em.count(Booking, { tenant: tenantId })).toBe(before + 7);

    await waitForSettledQueue(app.orm);
    const tsvMails = app.smtp.find(TSV_MAIL);
    expect(tsvMails).toHaveLength(1);
    expect(tsvMails[0].subject).toBe('Ergebnis der Vergaberunde „Hallenbelegung Winter 2027“');
    const text = tsvMails[0].text.replace(/\s+/g, ' ');
    expect(text).toContain('Zugesagt: Sporthalle Nord, wöchentlich dienstags 18:00–20:00 Uhr, 3 Termine');
    for (const day of ['02', '09', '30']) expect(text).toContain(testDayGerman(`2027-11-${day}`));
    expect(text).toContain(`${testDayGerman('2027-11-16')} (Herbstferien)`);
    expect(text).toContain(`${testDayGerman('2027-11-23')} (belegt)`);
    expect(text).toContain('Abgesagt: Sporthalle Süd, wöchentlich mittwochs 17:00–19:00 Uhr. Begründung: Die Südhalle ist mittwochs an die Schule vergeben.');
    const sfcMails = app.smtp.find(SFC_MAIL);
    expect(sfcMails).toHaveLength(1);
    expect(sfcMails[0].text.replace(/\s+/g, ' ')).toContain('Zugesagt: Sporthalle Nord, wöchentlich dienstags 20:00–22:00 Uhr, 4 Termine');
  });

  it('publishes only once: a second call books nothing more and sends no mail, and nothing changes any more', async () => {
    const before = await app.orm.em.fork().count(Booking, { tenant: tenantId });
    app.smtp.clear();
    const again = await staff.post(`${rounds()}/${roundId}/publish`);
    expect(again.status, again.text).toBe(200);
    expect(again.json.state).toBe('PUBLISHED');
    await waitForSettledQueue(app.orm);
    expect(await app.orm.em.fork().count(Booking, { tenant: tenantId })).toBe(before);
    expect(app.smtp.find(TSV_MAIL)).toHaveLength(0);

    const detail = await readRound();
    const changed = await decide(staff, wishOf(detail, 'TSV Musterstadt').id, { decision: 'DECLINE', reason: 'Zu spät.' });
    expect(changed.status).toBe(409);
    expect(changed.json.code).toBe('allocation.round-published');
    const update = await staff.put(`${rounds()}/${roundId}`, roundInput(openWindow()));
    expect(update.json.code).toBe('allocation.round-published');
  });

  it('lets each club read its decisions with the reasons, declined wishes included', async () => {
    const mine = await tsv.gql<{ myAllocationApplications: { name: string; wishes: { priority: number; decision: string; reason: string; seriesId: string | null }[] }[] }>(
      `query($tenantId: ID!) { myAllocationApplications(tenantId: $tenantId) { name wishes { priority decision reason seriesId } } }`,
      { tenantId },
    );
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.myAllocationApplications).toHaveLength(1);
    const [tsvApplication] = mine.data!.myAllocationApplications;
    expect(tsvApplication.wishes[0]).toMatchObject({ priority: 1, decision: 'GRANT' });
    expect(tsvApplication.wishes[0].seriesId).toMatch(/^[0-9a-f-]{36}$/);
    expect(tsvApplication.wishes[1]).toEqual({ priority: 2, decision: 'DECLINE', reason: 'Die Südhalle ist mittwochs an die Schule vergeben.', seriesId: null });
  });

  it('keeps every decision in the history, over REST and GraphQL', async () => {
    const history = await staff.get(`${rounds()}/${roundId}/history`);
    expect(history.status, history.text).toBe(200);
    const actions = history.json.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(['round_created', 'round_updated', 'decided', 'decided', 'decided', 'published']);
    const decided = history.json.filter((entry: { action: string }) => entry.action === 'decided');
    expect(decided.map((entry: { after: { decision: string } }) => entry.after.decision)).toEqual(['GRANT', 'DECLINE', 'GRANT']);
    expect(decided[2]).toMatchObject({ before: null, after: { timeBegin: '20:00', timeEnd: '22:00', reason: 'Ab 20 Uhr ist die Halle frei.' } });
    expect(decided.every((entry: { actorId: string }) => entry.actorId === 'amt@hallen.example')).toBe(true);
    expect((await readRound()).history.map((entry) => entry.action)).toEqual(actions);

    const detail = await staff.get(`${rounds()}/${roundId}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.json.history).toHaveLength(6);
    expect((await foreignStaff.get(`${rounds()}/${roundId}/history`)).status).toBe(403);
  });
});

describe('allocation rounds: the applicant\'s account', () => {
  it('lists the applications in the data download and removes them with the account; the booked series stay with the tenant', async () => {
    const download = await sfc.get('/api/users/me/personal-data');
    expect(download.status, download.text).toBe(200);
    expect(download.json.allocationApplications).toEqual([
      expect.objectContaining({ tenantId, roundTitle: 'Hallenbelegung Winter 2027', mail: SFC_MAIL, registration: 'VR 4711', wishes: expect.arrayContaining([expect.stringMatching(/^wöchentlich dienstags \d\d:\d\d–\d\d:\d\d Uhr: zugesagt$/)]) }),
    ]);
    const graph = await sfc.gql<{ myPersonalData: { allocationApplications: { roundTitle: string }[] } }>('query { myPersonalData { allocationApplications { roundTitle wishes } } }');
    expect(graph.data?.myPersonalData.allocationApplications.map((entry) => entry.roundTitle)).toEqual(['Hallenbelegung Winter 2027']);
    const assigned = await app.orm.em.fork().count(Booking, { tenant: tenantId, assignedUserId: 'sfc@verein.example' });
    expect(assigned).toBeGreaterThan(0);

    const deleted = await sfc.request('DELETE', '/api/users/me', { json: { password: 'sfc@verein.example-passwort' } });
    expect(deleted.status, deleted.text).toBeLessThan(300);
    const left = await app.orm.em.fork().execute<{ count: string }[]>("select count(*) from allocation_applications where user_id = 'sfc@verein.example'");
    expect(Number(left[0].count)).toBe(0);
    expect((await readRound()).applications.map((entry) => entry.userId)).not.toContain('sfc@verein.example');
    // The bookings of its grants stay with the tenant, without the account.
    expect(await app.orm.em.fork().count(Booking, { tenant: tenantId, assignedUserId: 'sfc@verein.example' })).toBe(0);
    expect(await app.orm.em.fork().count(Booking, { tenant: tenantId, mail: SFC_MAIL })).toBe(assigned);
  });
});

describe('allocation rounds: who runs them', () => {
  it('refuses staff who may release only their own bookings at the field (ALLOCATION_MANAGER, ALLOCATION_READER) and over REST alike', async () => {
    const create = await ownBookingsStaff.gql(`mutation($tenantId: ID!, $input: AllocationRoundInput!) { createAllocationRound(tenantId: $tenantId, input: $input) { id } }`, { tenantId, input: roundInput(openWindow(), 'Nicht erlaubt') });
    expect(create.errors?.[0].extensions?.code).toBe('AUTH_FORBIDDEN');
    const grid = await ownBookingsStaff.gql(`query($tenantId: ID!, $roundId: ID!) { allocationGrid(tenantId: $tenantId, roundId: $roundId) { roundId } }`, { tenantId, roundId });
    expect(grid.errors?.[0].extensions?.code).toBe('AUTH_FORBIDDEN');
    const publish = await ownBookingsStaff.gql(`mutation($tenantId: ID!, $id: ID!) { publishAllocationRound(tenantId: $tenantId, id: $id) { id } }`, { tenantId, id: roundId });
    expect(publish.errors?.[0].extensions?.code).toBe('AUTH_FORBIDDEN');
    expect((await ownBookingsStaff.post(rounds(), roundInput(openWindow(), 'Nicht erlaubt'))).status).toBe(403);
  });
});

describe('allocation rounds: wishes for a kind of object', () => {
  let kindRoundId: string;
  let kindWishId: string;

  it('takes a wish for a kind of object of the round and refuses a kind the round does not hand out', async () => {
    const created = await staff.post(rounds(), { ...roundInput(openWindow(), 'Objektarten-Runde'), bookableIds: [hallA.id, hallB.id, beamer.id] });
    expect(created.status, created.text).toBe(201);
    kindRoundId = created.json.id;
    const unknownKind = await tsv.post(`${rounds()}/${kindRoundId}/applications`, application('TSV Musterstadt', TSV_MAIL, [wish({ bookableType: 'event-location' })]));
    expect(unknownKind.status).toBe(400);
    expect(Object.keys(unknownKind.json.errors)).toEqual(['wishes.0.bookableType']);
    const applied = await tsv.post(`${rounds()}/${kindRoundId}/applications`, application('TSV Musterstadt', TSV_MAIL, [wish({ bookableType: 'room', weekday: 'FR', timeBegin: '16:00', timeEnd: '18:00' })]));
    expect(applied.status, applied.text).toBe(201);
    expect(applied.json.wishes).toEqual([expect.objectContaining({ bookableId: null, bookableType: 'room' })]);
    kindWishId = applied.json.wishes[0].id;
  });

  it('shows the undecided wish in every object of its kind, marked and without conflict, and only there', async () => {
    const grid = await staff.get(`${rounds()}/${kindRoundId}/grid`);
    expect(grid.status, grid.text).toBe(200);
    type Row = { bookable: { id: string }; days: { weekday: string; cells: { hour: number; entries: { wishId: string; bookableType: string | null }[]; conflict: boolean }[] }[] };
    const fridayAt = (bookableId: string, hour: number) => (grid.json.rows as Row[]).find((row) => row.bookable.id === bookableId)!.days.find((day) => day.weekday === 'FR')!.cells[hour];
    for (const hall of [hallA, hallB]) {
      expect(fridayAt(hall.id, 16)).toEqual({ hour: 16, conflict: false, entries: [expect.objectContaining({ wishId: kindWishId, bookableType: 'room', granted: false, timeBegin: '16:00', timeEnd: '18:00' })] });
      expect(fridayAt(hall.id, 18).entries).toEqual([]);
    }
    expect(fridayAt(beamer.id, 16).entries).toEqual([]);
  });

  it('grants such a wish only with an object of its kind, named by staff', async () => {
    const without = await decide(staff, kindWishId, { decision: 'GRANT' });
    expect(without.status, without.text).toBe(422);
    expect(without.json).toMatchObject({ code: 'allocation.grant-object-required', errors: { bookableId: expect.stringContaining('Bitte wählen Sie das Objekt') } });
    const graphWithout = await staff.gql(`mutation($tenantId: ID!, $input: AllocationDecisionInput!) { decideAllocationWish(tenantId: $tenantId, input: $input) { id } }`, { tenantId, input: { wishId: kindWishId, decision: 'GRANT' } });
    expect(graphWithout.errors?.[0].extensions).toMatchObject({ code: 'ALLOCATION_GRANT_OBJECT_REQUIRED', fieldErrors: { bookableId: expect.any(String) } });

    const otherKind = await decide(staff, kindWishId, { decision: 'GRANT', bookableId: beamer.id });
    expect(otherKind.status).toBe(422);
    expect(otherKind.json.code).toBe('allocation.grant-object-kind');

    const granted = await decide(staff, kindWishId, { decision: 'GRANT', bookableId: hallB.id });
    expect(granted.status, granted.text).toBe(200);
    expect(granted.json).toMatchObject({ decision: 'GRANT', bookableType: 'room', grant: { bookableId: hallB.id, weekday: 'FR', timeBegin: '16:00', timeEnd: '18:00' } });

    // Granted, it stands in the granted hall alone, as any grant.
    const grid = await staff.get(`${rounds()}/${kindRoundId}/grid`);
    const entriesAt = (bookableId: string) => grid.json.rows.find((row: { bookable: { id: string } }) => row.bookable.id === bookableId).days.find((day: { weekday: string }) => day.weekday === 'FR').cells[16].entries;
    expect(entriesAt(hallB.id)).toEqual([expect.objectContaining({ wishId: kindWishId, granted: true, bookableType: null })]);
    expect(entriesAt(hallA.id)).toEqual([]);
  });
});
