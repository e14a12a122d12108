import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { BookingHistoryVia } from '../../../common/bookings/history.js';
import { guestDocumentPath, type MyBookingPeriod } from '../../../common/bookings/my-bookings.schema.js';
import type { Paging } from '../../../common/validation/paging.js';
import { AppError } from '../shared/errors.js';
import { afterCursorSql, keyColumnsSql, type KeyRow, type KeysetOrder, keysetPage, orderBySql, type PageInfo } from '../shared/keyset.js';
import type { ClientAddress } from '../shared/rate-limit.js';
import { normaliseEmail } from '../users/validation.js';
import { requireAccountHolder, type Viewer } from '../users/viewer.service.js';
import { recordBookingHistory, userActor } from './booking-history.js';
import { recordBookingChange } from './booking.jobs.js';
import type { GuestBookingLinks } from './guest-booking-links.js';

/** The state of a booking as its booker reads it. */
export type MyBookingState = 'PENDING' | 'RELEASED' | 'REJECTED' | 'CANCELLED';

/** A document of the booking the booker may download: a receipt or an invoice. */
export interface MyBookingDocument {
  id: string;
  kind: 'receipt' | 'invoice';
  number: string;
  createdAt: Date;
  /** The PDF: GET with the booker's session, or for a guest with the link's token in its header. */
  downloadUrl: string;
}

/**
 * The documents issued for bookings, by tenant and booking number: the receipts domain above,
 * wired in services.ts.
 */
export interface BookerDocuments {
  documentsOf(tenantId: string, numbers: readonly string[]): Promise<ReadonlyMap<string, readonly MyBookingDocument[]>>;
  /** One document of the booking (by id or file name), for a booker the bookings domain has recognised. */
  fileOf(tenantId: string, number: string, documentId: string): Promise<{ fileName: string; content: Buffer }>;
}

/**
 * Whose bookings: an account's (assigned to it) or a mail address's (made with it, in any case,
 * shown through a mailed link). One query reads both; only the condition differs.
 */
export type BookingOwner = { userId: string } | { mail: string };

const ownerCondition = (owner: BookingOwner): { sql: string; param: string } =>
  'userId' in owner ? { sql: 'b.assigned_user_id = ?', param: owner.userId } : { sql: 'lower(b.mail) = ?', param: normaliseEmail(owner.mail) };

/** One of a person's own bookings, in any tenant. */
export interface MyBookingView {
  tenantId: string;
  tenantName: string;
  /** The booking number. */
  id: string;
  createdAt: Date;
  /** The booked times; for tickets their event's. Null when neither is known. */
  timeBegin: Date | null;
  timeEnd: Date | null;
  objects: { title: string; amount: number }[];
  priceEur: number;
  state: MyBookingState;
  isPayed: boolean;
  paidAt: Date | null;
  paymentMethod: string;
  paymentProvider: string | null;
  documents: readonly MyBookingDocument[];
  /** Released, unpaid, with something to pay and an online payment chosen: "Jetzt bezahlen" starts it. */
  mayPay: boolean;
}

export interface MyBookingPage {
  items: MyBookingView[];
  pageInfo: PageInfo;
}

/** When a booking begins and ends for its booker: its own times, else its tickets' event, else its creation. */
const BEGIN_SQL = 'coalesce(b.time_begin, ev.starts_at, b.created_at)';
const END_SQL = 'coalesce(b.time_end, ev.ends_at, b.time_begin, ev.starts_at, b.created_at)';

/** Upcoming: the soonest first; past: the latest first; the key breaking ties. */
const ORDERS: Readonly<Record<MyBookingPeriod, KeysetOrder>> = {
  UPCOMING: {
    name: 'my-bookings.upcoming',
    columns: [
      { sql: BEGIN_SQL, kind: 'instant', direction: 'asc' },
      { sql: 'b.key', kind: 'uuid', direction: 'asc' },
    ],
  },
  PAST: {
    name: 'my-bookings.past',
    columns: [
      { sql: BEGIN_SQL, kind: 'instant', direction: 'desc' },
      { sql: 'b.key', kind: 'uuid', direction: 'desc' },
    ],
  },
};

const PERIOD_SQL: Readonly<Record<MyBookingPeriod, string>> = {
  UPCOMING: `${END_SQL} >= now()`,
  PAST: `${END_SQL} < now()`,
};

interface MyBookingRow extends KeyRow {
  tenant_id: string;
  tenant_name: string;
  number: string;
  created_at: Date;
  begin_at: Date | null;
  end_at: Date | null;
  price_eur: string;
  is_committed: boolean;
  is_rejected: boolean;
  is_payed: boolean;
  paid_at: Date | null;
  payment_method: string;
  payment_provider: string | null;
  objects: { title: string; amount: number }[];
}

const stateOf = (row: Pick<MyBookingRow, 'is_committed' | 'is_rejected'>): MyBookingState =>
  row.is_rejected ? (row.is_committed ? 'CANCELLED' : 'REJECTED') : row.is_committed ? 'RELEASED' : 'PENDING';

/** Instants as the view carries them (REST writes them as ISO text, GraphQL as DateTimeISO). */
const instant = (value: Date | string | null) => (value === null ? null : new Date(value));

function viewOf(row: MyBookingRow, documents: readonly MyBookingDocument[]): MyBookingView {
  const priceEur = Number(row.price_eur);
  return {
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    id: row.number,
    createdAt: new Date(row.created_at),
    timeBegin: instant(row.begin_at),
    timeEnd: instant(row.end_at),
    objects: row.objects,
    priceEur,
    state: stateOf(row),
    isPayed: row.is_payed,
    paidAt: instant(row.paid_at),
    paymentMethod: row.payment_method,
    paymentProvider: row.payment_provider,
    documents: documents.map((document) => ({ id: document.id, kind: document.kind, number: document.number, createdAt: document.createdAt, downloadUrl: document.downloadUrl })),
    // An invoice is paid by transfer; the online providers take the payment on their page.
    mayPay: row.is_committed && !row.is_rejected && !row.is_payed && priceEur > 0 && row.payment_provider !== null && row.payment_provider !== '' && row.payment_provider !== 'invoice',
  };
}

/**
 * A person's own bookings across all tenants ("Meine Buchungen"): those assigned to the account
 * (booked while signed in, given to it by the staff, or taken over from its guest bookings), or, for
 * a guest through a mailed link, those made with the link's address; upcoming or past, a page at a
 * time by keyset cursor, with their objects and documents. The account's read goes through the index
 * on the assigned account, the address's through the one on lower(mail); a person holds a few
 * hundred bookings at most, so the order by time needs no index of its own.
 */
export class MyBookings {
  constructor(
    private readonly orm: MikroORM,
    private readonly documents: BookerDocuments,
    private readonly links: GuestBookingLinks,
    private readonly publicUrl: string,
  ) {}

  /** API tokens have no account of their own: refused. */
  async page(viewer: Viewer, query: { period: MyBookingPeriod; paging: Paging }): Promise<MyBookingPage> {
    requireAccountHolder(viewer);
    return this.pageOf({ userId: viewer.user.id }, query, (document) => document.downloadUrl);
  }

  /**
   * The bookings of the address a mailed link shows (`my-bookings.link-invalid` for an unknown,
   * forged or expired token, each counted as a guess). Their documents download with the same token.
   */
  async pageByLink(token: string, query: { period: MyBookingPeriod; paging: Paging }, client: ClientAddress): Promise<MyBookingPage> {
    const mail = await this.links.mailOf(token, client);
    return this.pageOf({ mail }, query, (document, booking) => `${this.publicUrl}${guestDocumentPath(booking.tenant_id, booking.number, document.id)}`);
  }

  /** A document of a booking made with the link's address; "not found" for any other booking. */
  async documentByLink(token: string, booking: { tenantId: string; number: string; documentId: string }, client: ClientAddress): Promise<{ fileName: string; content: Buffer }> {
    const mail = await this.links.mailOf(token, client);
    const rows = await this.orm.em.fork().execute<{ found: boolean }[]>(
      'select exists (select 1 from bookings where tenant_id = ? and number = ? and lower(mail) = ?) as found',
      [booking.tenantId, booking.number, mail],
    );
    if (rows[0]?.found !== true) throw new AppError('generic.not-found');
    return this.documents.fileOf(booking.tenantId, booking.number, booking.documentId);
  }

  /**
   * "Als Gast gebuchte übernehmen": assigns to the account the bookings made with its own address
   * that no account holds yet, in every tenant, and says how many. Only for an address the account
   * has verified (`my-bookings.address-unverified` otherwise): whoever merely typed an address must
   * not get its bookings. Each booking's history names the account; one transaction.
   */
  async claimGuestBookings(viewer: Viewer, via: BookingHistoryVia): Promise<number> {
    requireAccountHolder(viewer);
    if (!viewer.user.isVerified) throw new AppError('my-bookings.address-unverified');
    return this.orm.em.fork().transactional(async (em) => {
      const claimed = await em.execute<{ tenant_id: string; number: string }[]>(
        `update bookings set assigned_user_id = ?, updated_at = now() where assigned_user_id is null and lower(mail) = ? returning tenant_id, number`,
        [viewer.user.id, normaliseEmail(viewer.user.id)],
      );
      for (const booking of claimed) {
        await recordBookingHistory(em, {
          tenantId: booking.tenant_id,
          bookingId: booking.number,
          action: 'changed',
          actor: userActor(viewer),
          via,
          reason: 'Die Buchung wurde als Gast mit der E-Mail-Adresse des Benutzerkontos gemacht; das Konto hat sie übernommen.',
        });
        await recordBookingChange(em, { tenantId: booking.tenant_id, id: booking.number, action: 'UPDATED', assignedUserId: viewer.user.id });
      }
      return claimed.length;
    });
  }

  private async pageOf(
    owner: BookingOwner,
    query: { period: MyBookingPeriod; paging: Paging },
    downloadUrl: (document: MyBookingDocument, booking: MyBookingRow) => string,
  ): Promise<MyBookingPage> {
    const { rows, pageInfo } = await readMyBookings(this.orm.em.fork(), owner, query);
    // One read of documents per tenant on the page.
    const tenants = [...new Set(rows.map((row) => row.tenant_id))];
    const documents = new Map(
      await Promise.all(tenants.map(async (tenantId) => [tenantId, await this.documents.documentsOf(tenantId, rows.filter((row) => row.tenant_id === tenantId).map((row) => row.number))] as const)),
    );
    return {
      items: rows.map((row) => viewOf(row, (documents.get(row.tenant_id)?.get(row.number) ?? []).map((document) => ({ ...document, downloadUrl: downloadUrl(document, row) })))),
      pageInfo,
    };
  }
}

async function readMyBookings(em: EntityManager, owner: BookingOwner, query: { period: MyBookingPeriod; paging: Paging }): Promise<{ rows: MyBookingRow[]; pageInfo: PageInfo }> {
  const order = ORDERS[query.period];
  const after = afterCursorSql(order, query.paging);
  const whose = ownerCondition(owner);
  const rows = await em.execute<MyBookingRow[]>(
    `select b.tenant_id, t.name as tenant_name, b.number, b.created_at, ${BEGIN_SQL} as begin_at,
            case when b.time_end is null and ev.ends_at is null then null else ${END_SQL} end as end_at,
            b.price_eur, b.is_committed, b.is_rejected, b.is_payed, b.paid_at, b.payment_method, b.payment_provider,
            coalesce((select json_agg(json_build_object('title', i.bookable_used->>'title', 'amount', i.amount) order by i.position)
               from booking_items i where i.booking_key = b.key), '[]'::json) as objects,
            ${keyColumnsSql(order)}
       from bookings b
       join tenants t on t.id = b.tenant_id
       left join lateral (
         select min(e.starts_at) as starts_at, max(e.ends_at) as ends_at
           from booking_items i join events e on e.id::text = i.bookable_used->>'eventId'
          where i.booking_key = b.key and b.time_begin is null
       ) ev on true
      where ${whose.sql} and ${PERIOD_SQL[query.period]}${after ? ` and ${after.sql}` : ''}
      order by ${orderBySql(order)} limit ? offset ?`,
    [whose.param, ...(after?.params ?? []), query.paging.size + 1, query.paging.offset],
  );
  const page = keysetPage(order, rows, query.paging.size);
  return { rows: page.rows, pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor } };
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    myBookings: MyBookings;
  }
}
