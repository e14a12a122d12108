import { de } from 'date-fns/locale';

/** What every date picker of the product says and allows: German words, the calendar's actions, years up to 2100. */
export const germanPickerProps = {
  locale: de,
  showActionsBar: true,
  todayButtonText: 'Heute',
  clearButtonText: 'Leeren',
  invalidDateMessage: 'Ungültiges Datum',
  outOfRangeMessage: 'Datum außerhalb des Bereichs',
  maxDate: new Date(2100, 11, 31),
} as const;
