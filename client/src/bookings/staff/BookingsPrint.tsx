import { cellTextsOf, type BookingRow } from './bookingRows';

export interface BookingsPrintProps {
  tenantName: string;
  /** The filter in words ("Status: Wartet auf Freigabe · Zeitraum: …"). */
  filterText: string;
  /** Null until printing was asked for: the table of every row is laid out only then. */
  rows: readonly BookingRow[] | null;
}

/**
 * What the printer gets of the bookings list (print CSS hides the screen's list, the navigation
 * and the controls): the tenant, the filter, and every row the list found with all its columns,
 * not only the page on screen.
 */
export function BookingsPrint({ tenantName, filterText, rows }: BookingsPrintProps) {
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
      {rows && <p className="bookings-print-count">{rows.length === 1 ? '1 Buchung' : `${rows.length.toLocaleString('de-DE')} Buchungen`}</p>}
    </section>
  );
}
