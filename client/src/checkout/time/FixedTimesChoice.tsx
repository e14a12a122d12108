import { Button, Callout } from '@blueprintjs/core';
import type { CheckoutBookableQuery } from '../../gql/graphql';
import { formatPeriod } from '../../shared/format';
import { type ChosenPeriod, periodOf } from '../checkoutRequest';
import { fixedTimesOf } from './fixedTimes';
import type { Slot } from './slotGrid';
import { statusLabels } from './SlotTable';

/** Objects with fixed booking times: the times of the week as buttons, the free ones choosable. */
export function FixedTimesChoice({ bookable, dates, slots, chosen, onChoose }: { bookable: Pick<CheckoutBookableQuery['publicBookable'], 'timePeriods'>; dates: string[]; slots: Slot[]; chosen: ChosenPeriod | null; onChoose: (period: ChosenPeriod | null) => void }) {
  const times = fixedTimesOf(bookable.timePeriods, dates, slots, Date.now());
  if (times.length === 0) return <Callout intent="primary">In dieser Woche gibt es keine festen Buchungszeiten.</Callout>;
  return (
    <ul className="fixed-times" aria-label="Feste Buchungszeiten">
      {times.map((time) => {
        const selected = chosen !== null && Date.parse(chosen.begin) === time.begin && Date.parse(chosen.end) === time.end;
        return (
          <li key={time.begin}>
            <Button
              fill
              alignText="start"
              active={selected}
              intent={selected ? 'primary' : 'none'}
              aria-pressed={selected}
              disabled={time.status !== 'free'}
              onClick={() => onChoose(periodOf(time.begin, time.end))}
              text={`${formatPeriod(time.begin, time.end)} – ${selected ? 'gewählt' : statusLabels[time.status]}`}
            />
          </li>
        );
      })}
    </ul>
  );
}
