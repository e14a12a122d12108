import { Classes, H5, HTMLTable, type Intent } from '@blueprintjs/core';
import { lockerStateLabel } from '../../../../common/bookings/history';
import type { BookingLockersFragment } from '../../gql/graphql';
import { cx } from '../../shared/cx';

const stateIntents: Readonly<Record<string, Intent>> = { reserved: 'warning', active: 'success', released: 'none', failed: 'danger' };

const stateOf = (state: string) => ({ label: lockerStateLabel(state), intent: stateIntents[state] ?? 'none' });

/**
 * The locker units of a booking in its details dialog: which unit group, how many, for which
 * object, and how far the locker system got with them; a failure shows the system's last words.
 * Nothing when the booking holds no lockers.
 */
export function BookingLockers({ booking }: { booking: BookingLockersFragment }) {
  if (booking.lockerInfo.length === 0) return null;
  const titles = new Map(booking.items.map((item) => [item.bookableId, item.bookable.title]));
  return (
    <>
      <H5>Schließfächer</H5>
      <HTMLTable compact className="booking-details-items" aria-label="Schließfächer">
        <thead>
          <tr>
            <th>Fach</th>
            <th>Objekt</th>
            <th>Anzahl</th>
            <th>Zustand</th>
          </tr>
        </thead>
        <tbody>
          {booking.lockerInfo.map((unit) => {
            const state = stateOf(unit.state);
            return (
              <tr key={unit.id}>
                <td>{unit.unitId}</td>
                <td>{titles.get(unit.bookableId) ?? ''}</td>
                <td>{unit.amount}</td>
                <td>
                  <span className={cx(Classes.TAG, Classes.intentClass(state.intent))}>{state.label}</span>
                  {unit.lastError ? <div className={Classes.TEXT_MUTED}>{unit.lastError}</div> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </>
  );
}
