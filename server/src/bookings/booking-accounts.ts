import type { EntityManager } from '@mikro-orm/postgresql';
import type { BookingHistoryVia } from '../../../common/bookings/history.js';
import type { AccountBookings, PersonalBooking } from '../users/account-bookings.js';
import { recordBookingHistory, systemActor } from './booking-history.js';
import { recordBookingChange } from './booking.jobs.js';

interface PersonalBookingRow {
  tenant_id: string;
  tenant_name: string;
  number: string;
  created_at: Date;
  time_begin: Date | null;
  time_end: Date | null;
  name: string;
  company: string;
  street: string;
  zip_code: string;
  location: string;
  mail: string;
  phone: string;
  comment: string;
  price_eur: string;
  is_committed: boolean;
  is_payed: boolean;
  is_rejected: boolean;
  payment_method: string;
  items: string[];
}

/** The users domain's AccountBookings port: the bookings of an account, for its data download and its deletion. */
export class BookingAccountLinks implements Omit<AccountBookings, 'allocationApplicationsOf'> {
  async assignedTo(em: EntityManager, userId: string): Promise<PersonalBooking[]> {
    // Hooks, locker codes and attachments stay out: they are the tenant's working data or secrets.
    const rows = await em.execute<PersonalBookingRow[]>(
      `select b.tenant_id, t.name as tenant_name, b.number, b.created_at, b.time_begin, b.time_end, b.name, b.company, b.street,
              b.zip_code, b.location, b.mail, b.phone, b.comment, b.price_eur::text as price_eur, b.is_committed, b.is_payed,
              b.is_rejected, b.payment_method,
              coalesce((select array_agg(i.amount || ' × ' || coalesce(i.bookable_used->>'title', '') order by i.position)
                        from booking_items i where i.booking_key = b.key), '{}') as items
       from bookings b join tenants t on t.id = b.tenant_id
       where b.assigned_user_id = ?
       order by b.created_at, b.number`,
      [userId],
    );
    return rows.map((row) => ({
      tenantId: row.tenant_id,
      tenantName: row.tenant_name,
      number: row.number,
      createdAt: new Date(row.created_at),
      timeBegin: row.time_begin ? new Date(row.time_begin) : null,
      timeEnd: row.time_end ? new Date(row.time_end) : null,
      name: row.name,
      company: row.company,
      street: row.street,
      zipCode: row.zip_code,
      location: row.location,
      mail: row.mail,
      phone: row.phone,
      comment: row.comment,
      priceEur: Number(row.price_eur),
      isCommitted: row.is_committed,
      isPayed: row.is_payed,
      isRejected: row.is_rejected,
      paymentMethod: row.payment_method,
      items: row.items,
    }));
  }

  async unlinkAccount(em: EntityManager, userId: string, via: BookingHistoryVia): Promise<number> {
    const unlinked = await em.execute<{ tenant_id: string; number: string }[]>(
      `update bookings set assigned_user_id = null, updated_at = now() where assigned_user_id = ? returning tenant_id, number`,
      [userId],
    );
    for (const booking of unlinked) {
      // The entry names no account: the deleted one's address is not kept anew here.
      await recordBookingHistory(em, {
        tenantId: booking.tenant_id,
        bookingId: booking.number,
        action: 'changed',
        actor: systemActor,
        via,
        reason: 'Das Benutzerkonto, dem die Buchung zugeordnet war, wurde gelöscht. Die Buchung bleibt ohne Zuordnung erhalten.',
      });
      await recordBookingChange(em, { tenantId: booking.tenant_id, id: booking.number, action: 'UPDATED', assignedUserId: null });
    }
    return unlinked.length;
  }
}
