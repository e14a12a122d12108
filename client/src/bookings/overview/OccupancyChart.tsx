import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { Occupancy, OccupancyWeek } from './occupancy';
import { formatHours } from './overviewFormat';

const CHART_HEIGHT = 300;
// Axis texts follow the theme's text colour (light and dark) rather than the library's fixed grey.
const themeText = { fill: 'currentColor', fontSize: 12 };

/** The objects' colours, in the theme's text colour rather than each in its own. */
function SeriesLegend({ occupancy }: { occupancy: Occupancy }) {
  return (
    <ul className="occupancy-legend">
      {occupancy.series.map((series) => (
        <li key={series.key}>
          <span className="occupancy-swatch" style={{ background: series.color }} />
          {series.title}
        </li>
      ))}
    </ul>
  );
}

/**
 * The stacked bars of booked hours per week and object. Hidden from assistive technology: the table
 * beside it carries the same numbers in a form a screen reader can walk through.
 */
export default function OccupancyChart({ occupancy }: { occupancy: Occupancy }) {
  return (
    <div className="occupancy-chart" aria-hidden="true">
      <BarChart
        responsive
        accessibilityLayer={false}
        data={occupancy.weeks}
        style={{ width: '100%', height: CHART_HEIGHT }}
        margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      >
        <CartesianGrid vertical={false} stroke="var(--app-border)" />
        <XAxis dataKey="label" tick={themeText} tickLine={false} />
        <YAxis
          allowDecimals={false}
          tick={themeText}
          tickFormatter={(hours: number) => formatHours(hours)}
          label={{ value: 'Gebuchte Stunden', angle: -90, position: 'insideLeft', style: { textAnchor: 'middle', fill: 'currentColor' } }}
        />
        <Tooltip
          formatter={(hours) => `${formatHours(Number(hours))} Std.`}
          contentStyle={{ background: 'var(--app-surface)', border: '1px solid var(--app-border)', color: 'inherit' }}
          cursor={{ fill: 'var(--app-border)' }}
        />
        <Legend content={<SeriesLegend occupancy={occupancy} />} />
        {occupancy.series.map((series) => (
          <Bar key={series.key} name={series.title} dataKey={(week: OccupancyWeek) => week.hours[series.key] ?? 0} stackId="hours" fill={series.color} />
        ))}
      </BarChart>
    </div>
  );
}
