import type { EntityManager } from '@mikro-orm/postgresql';
import { weekdayAdverbs, weeklyRhythm, type WeekdayCode } from '../../../common/bookings/series.js';
import type { PersonalAllocationApplication } from '../users/account-bookings.js';

interface ApplicationRow {
  id: string;
  tenant_id: string;
  tenant_name: string;
  round_title: string;
  name: string;
  contact_name: string;
  mail: string;
  phone: string;
  registration: string;
  created_at: Date;
}

interface WishRow {
  application_id: string;
  weekday: WeekdayCode;
  time_begin: string;
  time_end: string;
  interval: number;
  decision: 'GRANT' | 'DECLINE' | null;
  reason: string;
}

const decisionText = (wish: WishRow) => (wish.decision === 'GRANT' ? 'zugesagt' : wish.decision === 'DECLINE' ? `abgesagt${wish.reason ? ` (${wish.reason})` : ''}` : 'noch nicht entschieden');

/**
 * An account's applications to allocation rounds, for the users domain's account port (wired in
 * services.ts): listed in its data download, removed with the account. A deleted account's
 * applications go with their wishes, also in published rounds: the bookings their grants became
 * stay with the tenant without the account (as every booking of a deleted account does), and the
 * round's history keeps the decisions, which name no applicant.
 */
export class AllocationAccounts {
  async applicationsOf(em: EntityManager, userId: string): Promise<PersonalAllocationApplication[]> {
    const applications = await em.execute<ApplicationRow[]>(
      `select a.id, r.tenant_id, t.name as tenant_name, r.title as round_title, a.name, a.contact_name, a.mail, a.phone, a.registration, a.created_at
       from allocation_applications a join allocation_rounds r on r.id = a.round_id join tenants t on t.id = r.tenant_id
       where a.user_id = ? order by a.created_at, a.id`,
      [userId],
    );
    if (applications.length === 0) return [];
    const wishes = await em.execute<WishRow[]>(
      `select application_id, weekday, time_begin, time_end, interval, decision, reason from allocation_wishes where application_id in (?) order by priority`,
      [applications.map((application) => application.id)],
    );
    return applications.map((row) => ({
      tenantId: row.tenant_id,
      tenantName: row.tenant_name,
      roundTitle: row.round_title,
      name: row.name,
      contactName: row.contact_name,
      mail: row.mail,
      phone: row.phone,
      registration: row.registration,
      createdAt: new Date(row.created_at),
      wishes: wishes
        .filter((wish) => wish.application_id === row.id)
        .map((wish) => `${weeklyRhythm(wish.interval)} ${weekdayAdverbs[wish.weekday]} ${wish.time_begin}–${wish.time_end} Uhr: ${decisionText(wish)}`),
    }));
  }

  /** In the account deletion's transaction: its applications and their wishes are removed; answers how many. */
  async removeAccount(em: EntityManager, userId: string): Promise<number> {
    const removed = await em.execute<{ id: string }[]>('delete from allocation_applications where user_id = ? returning id', [userId]);
    return removed.length;
  }
}
