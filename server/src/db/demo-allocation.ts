import type { EntityManager } from '@mikro-orm/postgresql';
import { allocationApplicationSchema, allocationRoundSchema } from '../../../common/allocation/allocation.schema.js';
import { addDays, berlinInstant } from '../../../common/time/berlin.js';
import { AllocationApplication, AllocationRound, AllocationWish } from '../allocation/allocation.entities.js';
import type { Bookable } from '../bookables/bookable.entity.js';
import { parseInput } from '../shared/schema-input.js';
import type { Tenant } from '../tenants/tenant.entity.js';

/** The demo's allocation round and its applicants, for the tests and the README. */
export const demoAllocation = {
  round: 'Raumvergabe für Vereine',
  club: 'Sportverein Musterstadt e. V.',
  choir: 'Chor Musterstadt',
} as const;

/** The demo's days: today (Berlin) and the first Monday after it, `weeks` weeks later. */
export interface DemoAllocationCalendar {
  now: Date;
  today: string;
  upcomingMonday(weeks: number): string;
}

/**
 * An open allocation round over the seminar room and the clubhouse (both rooms): applications
 * are taken for six weeks from the seed, the season runs twelve weeks after that. Two applications
 * show what staff decide: the sports club wishes the seminar room on Tuesday evenings and any room
 * on Thursdays (a kind of object, the room left to staff); the choir wishes the seminar room on
 * Tuesdays too, from half past six, so the grid shows the conflict. Round and applications pass the
 * schemas the allocation API parses them with; nothing is decided, so nothing is booked.
 */
export function seedAllocationRound(
  em: EntityManager,
  demo: { tenant: Tenant; room: Bookable; clubhouse: Bookable; clubUserId: string; choirUserId: string; calendar: DemoAllocationCalendar },
): void {
  const seasonBegin = demo.calendar.upcomingMonday(7);
  const fields = parseInput(allocationRoundSchema, {
    title: demoAllocation.round,
    seasonBegin,
    seasonEnd: addDays(seasonBegin, 7 * 12 - 1),
    applicationsFrom: new Date(demo.calendar.now.getTime() - 86_400_000),
    applicationsUntil: berlinInstant(addDays(demo.calendar.today, 7 * 6), '23:59'),
    bookableIds: [demo.room.id, demo.clubhouse.id],
    skipHolidays: true,
  });
  const round = em.create(AllocationRound, { tenant: demo.tenant, ...fields });
  const apply = (userId: string, input: unknown) => {
    const application = parseInput(allocationApplicationSchema, input);
    const stored = em.create(AllocationApplication, {
      round,
      userId,
      name: application.name,
      contactName: application.contactName,
      mail: application.mail,
      phone: application.phone,
      registration: application.registration,
    });
    for (const wish of application.wishes) {
      em.create(AllocationWish, {
        application: stored,
        round,
        bookableId: wish.bookableId || null,
        bookableType: wish.bookableType || null,
        weekday: wish.weekday ?? 'MO',
        timeBegin: wish.timeBegin ?? '',
        timeEnd: wish.timeEnd ?? '',
        interval: wish.interval,
        participants: wish.participants,
        priority: wish.priority,
        comment: wish.comment,
      });
    }
  };
  apply(demo.clubUserId, {
    name: demoAllocation.club,
    contactName: 'Sven Sportwart',
    mail: demo.clubUserId,
    phone: '0123 4711',
    registration: 'VR 1234',
    wishes: [
      { bookableId: demo.room.id, weekday: 'TU', timeBegin: '18:00', timeEnd: '20:00', participants: 16, priority: 1, comment: 'Gymnastik für Ältere' },
      { bookableType: 'room', weekday: 'TH', timeBegin: '17:00', timeEnd: '19:00', participants: 12, priority: 2, comment: 'Vorstandssitzung, ein Raum genügt' },
    ],
  });
  apply(demo.choirUserId, {
    name: demoAllocation.choir,
    contactName: 'Clara Chorleiterin',
    mail: demo.choirUserId,
    registration: '',
    wishes: [{ bookableId: demo.room.id, weekday: 'TU', timeBegin: '18:30', timeEnd: '20:00', participants: 24, priority: 1, comment: 'Chorprobe' }],
  });
}
