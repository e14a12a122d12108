import { cellTextsOf, type BookingRow } from './bookingRows';
import type { BookingListCount } from './useBookingList';

export interface BookingsPrintProps {
  tenantName: string;
  /** The filter in words ("Status: Wartet auf Freigabe · Zeitraum: …"). */
  filterText: string;
  /** Null until printing was asked for: the table of every row is laid out only then. */
  rows: readonly BookingRow[] | null;
  /** How many the list's query found, of which `rows` are the first (at most `limit`). */
  count: BookingListCount | null;
  limit: number;
}

const amount = new Intl.NumberFormat('de-DE');

/** "1 Buchung", "250 Buchungen", or, cut at the limit: "die ersten 5.000 von ca. 100.000 Buchungen". */
export function printCountText(printed: number, count: BookingListCount | null, limit: number): string {
  const cut = printed >= limit && count !== null && (count.value > printed || !count.exact);
  if (cut) return `Die ersten ${amount.format(printed)} von ${count.exact ? '' : 'ca. '}${amount.format(count.value)} Buchungen (mehr über „Exportieren“)`;
  return printed === 1 ? '1 Buchung' : `${amount.format(printed)} Buchungen`;
}

/**
 * What the printer gets of the bookings list (print CSS hides the screen's list, the navigation
 * and the controls): the tenant, the filter, and every row the list's query finds (up to a limit)
 * with all its columns, not only the rows on screen.
 */
export function BookingsPrint({ tenantName, filterText, rows, count, limit }: BookingsPrintProps) {
  return (
    <section className="bookings-print" aria-label="Druckansicht">
      <h1 className="bookings-print-heading">Buchungen {tenantName}</h1>
      <p className="bookings-print-filter">{filterText}</p>
      {rows && (
        <table className="bookings-print-table">
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Gebuchte Objekte</th>
              <th scope="col">Von</th>
              <th scope="col">Bis</th>
              <th scope="col">Erstellt</th>
              <th scope="col">Name</th>
              <th scope="col">Preis</th>
              <th scope="col">Status</th>
              <th scope="col">Zahlung</th>
              <th scope="col">Zahlungsart</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const texts = cellTextsOf(row);
              return (
                <tr key={row.booking.id}>
                  <td>{row.booking.id}</td>
                  <td>{row.objects}</td>
                  <td>{texts.begin}</td>
                  <td>{texts.end}</td>
                  <td>{texts.created}</td>
                  <td>{row.booking.name}</td>
                  <td>{texts.price}</td>
                  <td>{row.status}</td>
                  <td>{row.payment}</td>
                  <td>{row.paymentMethod}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {rows && <p className="bookings-print-count">{printCountText(rows.length, count, limit)}</p>}
    </section>
  );
}
