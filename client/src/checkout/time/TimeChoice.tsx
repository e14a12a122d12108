import { useQuery } from '@apollo/client/react';
import { Button, Callout, H3, Spinner } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useField } from 'react-final-form';
import { addDays, berlinToday, startOfBerlinDay } from '../../../../common/time/berlin';
import { BookableWeekDocument, type CheckoutBookableQuery } from '../../gql/graphql';
import { shownFieldError } from '../../shared/forms/fieldMessage';
import { formatPeriod, formatTime } from '../../shared/format';
import { GroupError } from '../../shared/forms/ChoiceControls';
import { type ChosenPeriod, periodOf } from '../checkoutRequest';
import { FixedTimesChoice } from './FixedTimesChoice';
import { LongRangeChoice } from './LongRangeChoice';
import { hourlySlots, mondayOf, pickSlot, type Slot, slotGrid, type SlotSelection, type SlotStatus, weekDates } from './slotGrid';
import { fullDate, longDayLabel, shortDate, shortWeekday, SlotTable, statusLabels } from './SlotTable';

type Bookable = CheckoutBookableQuery['publicBookable'];
type OpeningHours = CheckoutBookableQuery['bookableOpeningHours'];

const choosePeriod = (value: unknown) => (value ? undefined : 'Bitte wählen Sie einen Zeitraum.');

/** Phones start with one day: a week of hourly columns is too narrow to tap there. */
const startsWithDayView = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 600px)').matches === true;

export interface TimeChoiceProps {
  tenantId: string;
  bookable: Bookable;
  openingHours: OpeningHours;
  amount: number;
  /** The price preview's refusal concerning the time, shown here until the time changes. */
  problem: string | undefined;
}

/**
 * "Zeitraum": the time of the booking, bound to the form field `period`. Objects booked through the
 * calendar get a day or week of hourly slots, objects with fixed booking times those times, long-range
 * objects whole weeks or months.
 */
export function TimeChoice({ tenantId, bookable, openingHours, amount, problem }: TimeChoiceProps) {
  const { input, meta } = useField<ChosenPeriod | null>('period', { validate: choosePeriod });
  const error = shownFieldError(meta) ?? problem;
  const errorId = useId();
  const chosen = input.value || null;
  const hint = durationHint(bookable);

  return (
    <section className="checkout-section" aria-labelledby="checkout-time-heading">
      <H3 id="checkout-time-heading">Zeitraum</H3>
      {hint ? <p className="bp6-text-muted">{hint}</p> : null}
      {bookable.isLongRange ? (
        <LongRangeChoice type={bookable.longRangeOptions?.type ?? 'week'} chosen={chosen} onChoose={input.onChange} />
      ) : (
        <WeekChoice tenantId={tenantId} bookable={bookable} openingHours={openingHours} amount={amount} chosen={chosen} onChoose={input.onChange} />
      )}
      <p className="checkout-chosen">
        {chosen ? (
          <>
            Gewählt: <strong>{formatPeriod(chosen.begin, chosen.end)}</strong>
          </>
        ) : (
          'Noch kein Zeitraum gewählt.'
        )}
      </p>
      <GroupError id={errorId} message={error} />
    </section>
  );
}

function durationHint(bookable: Bookable): string | null {
  const hours = (value: number) => `${String(value).replace('.', ',')} ${value === 1 ? 'Stunde' : 'Stunden'}`;
  const { minBookingDuration: min, maxBookingDuration: max } = bookable;
  if (!bookable.isScheduleRelated || (!min && !max)) return null;
  if (min && max) return `Buchbar für ${hours(min)} bis ${hours(max)}.`;
  return min ? `Mindestens ${hours(min)} buchbar.` : `Höchstens ${hours(max as number)} buchbar.`;
}

interface WeekChoiceProps {
  tenantId: string;
  bookable: Bookable;
  openingHours: OpeningHours;
  amount: number;
  chosen: ChosenPeriod | null;
  onChoose: (period: ChosenPeriod | null) => void;
}

/** A week of availability from the server, shown as hourly slots or as the object's fixed booking times. */
function WeekChoice({ tenantId, bookable, openingHours, amount, chosen, onChoose }: WeekChoiceProps) {
  const today = berlinToday(new Date());
  const thisMonday = mondayOf(today);
  const [monday, setMonday] = useState(() => (chosen ? mondayOf(berlinToday(new Date(chosen.begin))) : thisMonday));
  const [dayView, setDayView] = useState(startsWithDayView);
  const [dayIndex, setDayIndex] = useState(() => Math.max(0, weekDates(monday).indexOf(today)));
  const dates = weekDates(monday);
  const { data, loading, error } = useQuery(BookableWeekDocument, {
    variables: {
      tenantId,
      id: bookable.id,
      startDate: monday,
      endDate: dates[6],
      amount,
      from: startOfBerlinDay(monday).toISOString(),
      to: startOfBerlinDay(addDays(monday, 7)).toISOString(),
    },
    fetchPolicy: 'cache-and-network',
  });
  const slots = data ? hourlySlots(data.bookableAvailability, openingHours, data.bookingOccupancy, Date.now()) : [];
  const shownDates = dayView ? [dates[dayIndex]] : dates;

  const goToWeek = (next: string, day = 0) => {
    setMonday(next);
    setDayIndex(day);
  };
  const moveDay = (direction: -1 | 1) => {
    const next = dayIndex + direction;
    if (next >= 0 && next <= 6) setDayIndex(next);
    else if (direction === 1) goToWeek(addDays(monday, 7), 0);
    else if (monday > thisMonday) goToWeek(addDays(monday, -7), 6);
  };

  return (
    <>
      <div className="week-navigation">
        <div className="bp6-button-group">
          {/* Arrows as text (hidden from screen readers): no icon beyond those every page loads. */}
          <Button disabled={monday <= thisMonday} onClick={() => goToWeek(addDays(monday, -7))}>
            <span aria-hidden="true">‹ </span>Vorherige Woche
          </Button>
          <Button text="Heute" onClick={() => goToWeek(thisMonday, Math.max(0, weekDates(thisMonday).indexOf(today)))} />
          <Button onClick={() => goToWeek(addDays(monday, 7))}>
            Nächste Woche<span aria-hidden="true"> ›</span>
          </Button>
        </div>
        {bookable.isTimePeriodRelated ? null : (
          <div className="bp6-button-group" role="group" aria-label="Ansicht">
            <Button text="Tag" active={dayView} aria-pressed={dayView} onClick={() => setDayView(true)} />
            <Button text="Woche" active={!dayView} aria-pressed={!dayView} onClick={() => setDayView(false)} />
          </div>
        )}
      </div>
      <p className="week-title">
        Woche vom {shortDate(dates[0])} bis {fullDate(dates[6])}
      </p>
      {dayView && !bookable.isTimePeriodRelated ? (
        <div className="day-strip" role="group" aria-label="Tag wählen">
          {dates.map((date, index) => (
            <Button key={date} size="small" active={index === dayIndex} aria-pressed={index === dayIndex} aria-label={longDayLabel(date, index)} onClick={() => setDayIndex(index)}>
              {shortWeekday(index)} {shortDate(date)}
            </Button>
          ))}
        </div>
      ) : null}
      {error ? (
        <Callout intent="danger" title="Verfügbarkeit nicht geladen">
          Die freien Zeiten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.
        </Callout>
      ) : !data && loading ? (
        <Spinner size={32} aria-label="Verfügbarkeit wird geladen..." />
      ) : bookable.isTimePeriodRelated ? (
        <FixedTimesChoice bookable={bookable} dates={dates} slots={slots} chosen={chosen} onChoose={onChoose} />
      ) : (
        <HourSlots
          slots={slots}
          dates={shownDates}
          weekdayIndexes={dayView ? [dayIndex] : [0, 1, 2, 3, 4, 5, 6]}
          chosen={chosen}
          onChoose={onChoose}
          onLeaveSideways={dayView ? moveDay : undefined}
          label={dayView ? `Freie Stunden am ${longDayLabel(dates[dayIndex], dayIndex)}` : `Freie Stunden der Woche vom ${shortDate(dates[0])} bis ${fullDate(dates[6])}`}
        />
      )}
    </>
  );
}

const legend: SlotStatus[] = ['free', 'booked', 'closed', 'unavailable'];

interface HourSlotsProps {
  slots: Slot[];
  dates: string[];
  weekdayIndexes: number[];
  chosen: ChosenPeriod | null;
  onChoose: (period: ChosenPeriod | null) => void;
  onLeaveSideways?: (direction: -1 | 1) => void;
  label: string;
}

/** The hourly grid with the start-and-end picking and what each pick did, read out politely. */
function HourSlots({ slots, dates, weekdayIndexes, chosen, onChoose, onLeaveSideways, label }: HourSlotsProps) {
  const instructionsId = useId();
  const chosenSelection = chosen ? { begin: Date.parse(chosen.begin), end: Date.parse(chosen.end), open: false } : null;
  const [selection, setSelection] = useState<SlotSelection | null>(chosenSelection);
  const [announcement, setAnnouncement] = useState('');
  // The form may have been reset or changed elsewhere: its value wins over a stale local selection.
  const shown = selection && chosenSelection && selection.begin === chosenSelection.begin ? selection : chosenSelection;
  const grid = slotGrid(slots, dates);

  const pick = (slot: Slot) => {
    const { selection: next, outcome } = pickSlot(shown, slot, slots);
    setSelection(next);
    if (next && outcome !== 'unavailable') onChoose(periodOf(next.begin, next.end));
    if (outcome === 'unavailable') setAnnouncement(`Diese Stunde ist nicht buchbar (${statusLabels[slot.status]}).`);
    else if (outcome === 'started') setAnnouncement(`Beginn ${formatTime(slot.begin)} Uhr gewählt. Wählen Sie nun die letzte Stunde; eine Stunde ist schon gewählt.`);
    else if (outcome === 'restarted') setAnnouncement(`Neuer Beginn ${formatTime(slot.begin)} Uhr: dazwischen war nicht alles frei oder die Stunde lag vor dem Beginn.`);
    else if (next) setAnnouncement(`Zeitraum gewählt: ${formatPeriod(next.begin, next.end)}.`);
  };

  return (
    <>
      <p id={instructionsId} className="slot-instructions">
        Wählen Sie erst die erste, dann die letzte Stunde. Mit der Tastatur: Pfeiltasten bewegen, Eingabe- oder Leertaste wählt.
      </p>
      {grid.hours.length === 0 ? (
        <Callout intent="primary" className="slot-closed">
          {dates.length === 1 ? 'An diesem Tag' : 'In dieser Woche'} ist das Objekt geschlossen.
        </Callout>
      ) : (
        <div className="slot-table-frame">
          <SlotTable grid={grid} weekdayIndexes={weekdayIndexes} selection={shown} onPick={pick} onLeaveSideways={onLeaveSideways} label={label} describedBy={instructionsId} />
        </div>
      )}
      <ul className="slot-legend" aria-label="Legende">
        {legend.map((status) => (
          <li key={status}>
            <span className={`slot-swatch slot-${status}`} aria-hidden="true" />
            {statusLabels[status]}
          </li>
        ))}
        <li>
          <span className="slot-swatch slot-selected" aria-hidden="true" />
          gewählt
        </li>
      </ul>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {shown ? <Button variant="minimal" size="small" text="Auswahl aufheben" onClick={() => { setSelection(null); onChoose(null); setAnnouncement('Auswahl aufgehoben.'); }} /> : null}
    </>
  );
}
