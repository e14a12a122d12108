import { HTMLTable } from '@blueprintjs/core';
import type { Occupancy } from './occupancy';
import { formatHours } from './overviewFormat';

/** The chart's numbers for screen readers and for reading off exactly: objects by row, weeks by column. */
export function OccupancyTable({ occupancy }: { occupancy: Occupancy }) {
  return (
    // Focusable so keyboard users can scroll the weeks sideways on narrow screens.
    <div className="occupancy-table" role="region" aria-labelledby="occupancy-table-caption" tabIndex={0}>
      <HTMLTable compact>
        <caption id="occupancy-table-caption">Gebuchte Stunden je Objekt und Woche</caption>
        <thead>
          <tr>
            <th scope="col">Objekt</th>
            {occupancy.weeks.map((week) => (
              <th scope="col" key={week.label} className="occupancy-hours">
                {week.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {occupancy.series.length === 0 ? (
            <tr>
              <td colSpan={occupancy.weeks.length + 1}>Keine Buchungen</td>
            </tr>
          ) : (
            occupancy.series.map((series) => (
              <tr key={series.key}>
                <th scope="row">
                  <span className="occupancy-swatch" style={{ background: series.color }} aria-hidden="true" />
                  {series.title}
                </th>
                {occupancy.weeks.map((week) => (
                  <td key={week.label} className="occupancy-hours">
                    {formatHours(week.hours[series.key] ?? 0)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Gesamt</th>
            {occupancy.weeks.map((week) => (
              <td key={week.label} className="occupancy-hours">
                {formatHours(week.total)}
              </td>
            ))}
          </tr>
        </tfoot>
      </HTMLTable>
    </div>
  );
}
