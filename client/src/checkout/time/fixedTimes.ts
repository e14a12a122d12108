import { addDays, berlinInstant } from '../../../../common/time/berlin';
import type { Slot, SlotStatus } from './slotGrid';

/** Objects with fixed booking times: those times on the days in view, with what the hourly availability says of them. */

export interface FixedTime {
  date: string;
  dayIndex: number;
  begin: number;
  end: number;
  status: SlotStatus;
}

/** The worst state of the hours a fixed time covers: it is free only when each of them is. */
const order: SlotStatus[] = ['free', 'unavailable', 'booked', 'closed', 'past'];

/**
 * The fixed booking times of the week's days, each with the state of the hours it covers as far as
 * they are known (a time running past the week is judged by its hours within it; the price preview
 * asks the server about the whole).
 */
export function fixedTimesOf(periods: readonly { weekdays: readonly number[]; startTime: string; endTime: string }[], dates: readonly string[], slots: readonly Slot[], now: number): FixedTime[] {
  const weekdayOf = (index: number) => (index + 1) % 7;
  const times: FixedTime[] = [];
  dates.forEach((date, dayIndex) => {
    for (const period of periods) {
      if (!period.weekdays.includes(weekdayOf(dayIndex))) continue;
      const begin = berlinInstant(date, period.startTime).getTime();
      // A time ending at or before its start ends the next day, as the server reads it.
      const endDate = period.endTime <= period.startTime ? addDays(date, 1) : date;
      const end = berlinInstant(endDate, period.endTime).getTime();
      const covered = slots.filter((slot) => slot.begin < end && begin < slot.end);
      const worst: SlotStatus = begin < now ? 'past' : covered.reduce<SlotStatus>((state, slot) => (order.indexOf(slot.status) > order.indexOf(state) ? slot.status : state), covered.length ? 'free' : 'unavailable');
      times.push({ date, dayIndex, begin, end, status: worst });
    }
  });
  return times.sort((a, b) => a.begin - b.begin);
}
