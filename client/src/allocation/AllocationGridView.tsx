import { Icon, Tag } from '@blueprintjs/core';
import type { WeekdayCode } from '../../../common/bookings/series';
import type { AllocationGridQuery } from '../gql/graphql';
import { allocationWeekdays, hourText, weekdayNames, weekdayShortNames } from './allocationText';
import { kindName } from './wishObject';

type GridRow = AllocationGridQuery['allocationGrid']['rows'][number];
type GridCell = GridRow['days'][number]['cells'][number];

/** The hours from the first to the last one holding a wish or grant of the object; empty when none. */
export function occupiedHours(row: GridRow): number[] {
  const hours = row.days.flatMap((day) => day.cells.filter((cell) => cell.entries.length > 0).map((cell) => cell.hour));
  if (hours.length === 0) return [];
  const first = Math.min(...hours);
  const last = Math.max(...hours);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

type GridEntry = GridCell['entries'][number];

/** Whether the entry is granted, wished for this object, or wished for any object of its kind (then it stands in each of them). */
function entryKindText(entry: GridEntry): string {
  if (entry.granted) return '(zugesagt)';
  return entry.bookableType ? `(Wunsch: ${kindName(entry.bookableType)} beliebig)` : '(Wunsch)';
}

function Cell({ cell, weekday }: { cell: GridCell | undefined; weekday: WeekdayCode }) {
  if (!cell || cell.entries.length === 0) return <td className="allocation-cell" />;
  return (
    // Conflicts show as a colour, an icon and the word, so no one depends on the colour alone.
    <td className={cell.conflict ? 'allocation-cell allocation-cell-conflict' : 'allocation-cell allocation-cell-taken'} data-weekday={weekday} data-hour={cell.hour}>
      {cell.conflict && (
        <span className="allocation-conflict-mark">
          <Icon icon="warning-sign" aria-hidden="true" /> Konflikt
        </span>
      )}
      <ul className="allocation-cell-entries">
        {cell.entries.map((entry) => (
          <li key={entry.wishId}>
            {entry.granted ? <Icon icon="tick-circle" aria-hidden="true" /> : <Icon icon="time" aria-hidden="true" />} {entry.applicantName}{' '}
            <span className="allocation-cell-time">
              {entry.timeBegin}–{entry.timeEnd}
            </span>{' '}
            <span className="allocation-cell-kind">{entryKindText(entry)}</span>
          </li>
        ))}
      </ul>
    </td>
  );
}

/**
 * The allocation grid: per object of the round a week of hours, with the wishes and grants in each
 * hour and conflicts marked. A wish for a kind of object stands in every object of that kind, where
 * staff look for a place for it.
 */
export function AllocationGridView({ rows }: { rows: GridRow[] }) {
  return (
    <div className="allocation-grid">
      {rows.map((row) => {
        const hours = occupiedHours(row);
        const conflicts = row.days.reduce((count, day) => count + day.cells.filter((cell) => cell.conflict).length, 0);
        return (
          <section key={row.bookable.id} className="allocation-grid-object" aria-label={`Belegung ${row.bookable.title}`}>
            <h3 className="bp6-heading">
              {row.bookable.title}{' '}
              {conflicts > 0 && (
                <Tag intent="danger" icon="warning-sign">
                  {conflicts === 1 ? '1 Stunde mit Konflikt' : `${conflicts} Stunden mit Konflikt`}
                </Tag>
              )}
            </h3>
            {hours.length === 0 ? (
              <p className="allocation-muted">Für dieses Objekt gibt es noch keine Wünsche.</p>
            ) : (
              <div className="allocation-grid-scroll">
                <table className="bp6-html-table bp6-compact allocation-grid-table">
                  <caption className="allocation-visually-hidden">Wünsche und Zusagen für {row.bookable.title} nach Wochentag und Uhrzeit</caption>
                  <thead>
                    <tr>
                      <th scope="col">Uhrzeit</th>
                      {allocationWeekdays.map((weekday) => (
                        <th key={weekday} scope="col">
                          <abbr title={weekdayNames[weekday]}>{weekdayShortNames[weekday]}</abbr>
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {hours.map((hour) => (
                      <tr key={hour}>
                        <th scope="row">
                          {hourText(hour)}–{hourText(hour + 1)}
                        </th>
                        {allocationWeekdays.map((weekday) => (
                          <Cell key={weekday} weekday={weekday} cell={row.days.find((day) => day.weekday === weekday)?.cells.find((cell) => cell.hour === hour)} />
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
