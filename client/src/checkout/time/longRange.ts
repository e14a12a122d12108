import { addDays, startOfBerlinDay } from '../../../../common/time/berlin';
import { mondayOf } from './slotGrid';

/**
 * What long-range objects offer: whole weeks (Monday 00:00 to Saturday 00:00, i.e. Monday to
 * Friday) or calendar months, the first one that has not begun yet and the `count - 1` after it.
 */
export function longRangeChoices(type: 'week' | 'month', today: string, count: number): { begin: number; end: number }[] {
  if (type === 'week') {
    const thisMonday = mondayOf(today);
    const monday = thisMonday < today ? addDays(thisMonday, 7) : thisMonday;
    return Array.from({ length: count }, (_, index) => {
      const start = addDays(monday, 7 * index);
      return { begin: startOfBerlinDay(start).getTime(), end: startOfBerlinDay(addDays(start, 5)).getTime() };
    });
  }
  const [year, month, day] = today.split('-').map(Number);
  const firstOf = (offset: number) => {
    const date = new Date(Date.UTC(year, month - 1 + offset + (day > 1 ? 1 : 0), 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-01`;
  };
  return Array.from({ length: count }, (_, index) => ({ begin: startOfBerlinDay(firstOf(index)).getTime(), end: startOfBerlinDay(firstOf(index + 1)).getTime() }));
}
