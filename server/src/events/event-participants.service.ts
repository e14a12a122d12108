import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { can, hasFlag } from '../../../common/permissions/permissions.js';
import { AppError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import type { Viewer } from '../users/viewer.service.js';
import { Event } from './event.entity.js';
import type { ParticipantBooking } from './participants-csv.js';

/** Bookings read per query while the list is written. */
export const PARTICIPANT_PAGE_SIZE = 500;

interface BookingRow {
  key: string;
  number: string;
  assigned_user_id: string | null;
  mail: string;
  company: string;
  name: string;
  street: string;
  zip_code: string;
  location: string;
  comment: string;
  time_begin: Date | null;
  time_end: Date | null;
  created_at: Date;
  /** created_at as PostgreSQL prints it: microseconds, which a JavaScript Date would cut off. */
  cursor_at: string;
  is_committed: boolean;
  is_payed: boolean;
  price_eur: string | number | null;
  payment_method: string | null;
  payment_provider: string | null;
  first_title: string | null;
  first_amount: number | null;
}

/**
 * The participants of an event for its CSV list: every booking containing a ticket of the event,
 * rejected ones included, oldest first. Who may: whoever may change the event (manageBookables
 * updateAny in its tenant, updateOwn as its owner, tenant owners, instance owners).
 */
export class EventParticipantsService {
  constructor(private readonly orm: MikroORM) {}

  /** The event, after the rights: 403 without any chance to change events of the tenant, 404 for an unknown one, 403 for someone else's. */
  async eventFor(viewer: Viewer, tenantId: string, id: string): Promise<Event> {
    const mayChangeSome = hasFlag(viewer.permissions, tenantId, 'manageBookables', 'updateAny') || hasFlag(viewer.permissions, tenantId, 'manageBookables', 'updateOwn');
    if (!mayChangeSome) throw new AppError('auth.forbidden');
    const event = isUuid(id) ? await this.orm.em.fork().findOne(Event, { id, tenant: tenantId }) : null;
    if (!event) throw new AppError('generic.not-found', { detail: 'Die Veranstaltung existiert nicht.' });
    if (!can(viewer.permissions, viewer.user.id, 'update', 'manageBookables', { tenantId, ownerUserId: event.ownerUserId })) throw new AppError('auth.forbidden');
    return event;
  }

  /**
   * The bookings page by page (keyset on creation time and key), so a large event never sits in
   * memory whole. Each with its first item's title (from the snapshot) and amount.
   */
  async *bookings(tenantId: string, eventId: string, pageSize = PARTICIPANT_PAGE_SIZE): AsyncGenerator<ParticipantBooking[]> {
    const em = this.orm.em.fork();
    let after: { createdAt: string; key: string } | null = null;
    for (;;) {
      const rows = await this.page(em, tenantId, eventId, after, pageSize);
      if (rows.length === 0) return;
      yield rows.map(participant);
      if (rows.length < pageSize) return;
      const last = rows[rows.length - 1];
      after = { createdAt: last.cursor_at, key: last.key };
    }
  }

  private page(em: EntityManager, tenantId: string, eventId: string, after: { createdAt: string; key: string } | null, limit: number): Promise<BookingRow[]> {
    return em.execute<BookingRow[]>(
      `select b.key, b.number, b.assigned_user_id, b.mail, b.company, b.name, b.street, b.zip_code, b.location, b.comment,
              b.time_begin, b.time_end, b.created_at, b.created_at::text as cursor_at, b.is_committed, b.is_payed, b.price_eur, b.payment_method, b.payment_provider,
              f.title as first_title, f.amount as first_amount
         from bookings b
         left join lateral (
           select i.bookable_used->>'title' as title, i.amount from booking_items i where i.booking_key = b.key order by i.position limit 1
         ) f on true
        where b.tenant_id = ?
          and b.key in (select i.booking_key from booking_items i
                         where i.bookable_id in (select t.id from bookables t where t.tenant_id = ? and t.event_id = ?::uuid))
          and (?::timestamptz is null or (b.created_at, b.key) > (?::timestamptz, ?::uuid))
        order by b.created_at, b.key
        limit ?`,
      [tenantId, tenantId, eventId, after?.createdAt ?? null, after?.createdAt ?? null, after?.key ?? null, limit],
    );
  }
}

function participant(row: BookingRow): ParticipantBooking {
  return {
    number: row.number,
    assignedUserId: row.assigned_user_id,
    mail: row.mail,
    company: row.company,
    name: row.name,
    street: row.street,
    zipCode: row.zip_code,
    location: row.location,
    comment: row.comment,
    timeBegin: row.time_begin ? new Date(row.time_begin) : null,
    timeEnd: row.time_end ? new Date(row.time_end) : null,
    createdAt: row.created_at ? new Date(row.created_at) : null,
    isCommitted: row.is_committed,
    isPayed: row.is_payed,
    priceEur: row.price_eur === null ? null : Number(row.price_eur),
    paymentMethod: row.payment_method,
    paymentProvider: row.payment_provider,
    firstItem: row.first_amount === null ? null : { title: row.first_title, amount: row.first_amount },
  };
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    eventParticipants: EventParticipantsService;
  }
}
