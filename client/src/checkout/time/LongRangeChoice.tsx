import { Button } from '@blueprintjs/core';
import { berlinToday } from '../../../../common/time/berlin';
import { formatDayWithWeekday } from '../../shared/format';
import { type ChosenPeriod, periodOf } from '../checkoutRequest';
import { longRangeChoices } from './longRange';

/** Long-range objects: the next weeks or months to choose from; the price preview tells whether one is free. */
export function LongRangeChoice({ type, chosen, onChoose }: { type: 'week' | 'month'; chosen: ChosenPeriod | null; onChoose: (period: ChosenPeriod | null) => void }) {
  const choices = longRangeChoices(type, berlinToday(new Date()), type === 'week' ? 8 : 6);
  const monthName = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' });
  return (
    <>
      <p className="bp6-text-muted">{type === 'week' ? 'Gebucht wird eine ganze Woche, Montag bis Freitag.' : 'Gebucht wird ein ganzer Monat.'} Ob der Zeitraum frei ist, zeigt der Preis unten.</p>
      <ul className="fixed-times" aria-label={type === 'week' ? 'Wochen' : 'Monate'}>
        {choices.map((choice) => {
          const selected = chosen !== null && Date.parse(chosen.begin) === choice.begin;
          const text = type === 'week' ? `Woche vom ${formatDayWithWeekday(choice.begin)} bis ${formatDayWithWeekday(choice.end - 1)}` : monthName.format(choice.begin);
          return (
            <li key={choice.begin}>
              <Button fill alignText="start" active={selected} intent={selected ? 'primary' : 'none'} aria-pressed={selected} onClick={() => onChoose(periodOf(choice.begin, choice.end))} text={selected ? `${text} – gewählt` : text} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
