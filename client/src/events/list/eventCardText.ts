import { formatCurrency } from '../../shared/format';

/** 2026-11-24 → 24.11.2026 (the event's own Berlin calendar date, no time zone involved). */
export function germanDate(date: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

interface EventDates {
  startDate: string | null;
  startTime: string | null;
  endDate: string | null;
  endTime: string | null;
}

/** "24.11.2026 18:00 - 20:00", the end date only when it differs: "24.11.2026 18:00 - 25.11.2026 10:00". */
export function eventDateText({ startDate, startTime, endDate, endTime }: EventDates): string {
  const start = [germanDate(startDate), startTime ?? ''].filter(Boolean).join(' ');
  const endDay = endDate && endDate !== startDate ? germanDate(endDate) : '';
  const end = [endDay, endTime ?? ''].filter(Boolean).join(' ');
  return end ? `${start} - ${end}` : start;
}

/** "kostenlos", or each price category with its price: "Erwachsene 12,00 €, Kinder 6,00 €". */
export function eventPriceText(attendees: { free: boolean; priceCategories: readonly { name: string; price: number }[] }): string {
  if (attendees.free || attendees.priceCategories.length === 0) return 'kostenlos';
  return attendees.priceCategories.map((category) => `${category.name} ${formatCurrency(category.price)}`.trim()).join(', ');
}
