import { Button, Menu, MenuDivider, MenuItem, PopoverNext, Tooltip } from '@blueprintjs/core';
import { useState } from 'react';
import type { BookingActions } from './bookingRows';

export interface BookingRowHandlers {
  onDetails: () => void;
  onEdit: () => void;
  onRelease: () => void;
  onReject: () => void;
  onDelete: () => void;
  /** "Nur diese Serie": narrows the list to the booking's series; absent for a single booking. */
  onSeriesOnly?: () => void;
}

/**
 * The row's menu: only the actions the viewer may take (and, for a date of a series, "Nur diese
 * Serie", which any reader may use); delete stays
 * visible but disabled, with its reason as tooltip, when the booking may not be deleted. The popover
 * is set up on first use: the search replaces the rows with every keystroke, and a popover for
 * each of them would cost more than the search.
 */
export function BookingRowMenu({ bookingId, actions, handlers }: { bookingId: string; actions: BookingActions; handlers: BookingRowHandlers }) {
  const name = `Aktionen für Buchung ${bookingId}`;
  const [used, setUsed] = useState(false);
  const target = (onClick?: () => void) => <Button variant="minimal" icon="more" aria-label={name} title="Aktionen" aria-haspopup="menu" onClick={onClick} />;
  if (!used) return target(() => setUsed(true));
  const menu = (
    <Menu aria-label={name}>
      {actions.details && <MenuItem icon="eye-open" text="Details anzeigen" onClick={handlers.onDetails} />}
      {actions.edit && <MenuItem icon="edit" text="Bearbeiten" onClick={handlers.onEdit} />}
      {actions.release && <MenuItem icon="tick-circle" text="Buchung freigeben" onClick={handlers.onRelease} />}
      {actions.reject && <MenuItem icon="disable" text={actions.reject} onClick={handlers.onReject} />}
      {handlers.onSeriesOnly && <MenuItem icon="filter" text="Nur diese Serie" onClick={handlers.onSeriesOnly} />}
      {actions.delete && (
        <>
          <MenuDivider />
          {actions.deleteBlocked ? (
            <MenuItem
              icon="trash"
              intent="danger"
              disabled
              title={actions.deleteBlocked}
              text={
                <Tooltip content={actions.deleteBlocked} placement="left">
                  <span>Löschen</span>
                </Tooltip>
              }
            />
          ) : (
            <MenuItem icon="trash" intent="danger" text="Löschen" onClick={handlers.onDelete} />
          )}
        </>
      )}
    </Menu>
  );
  return (
    <PopoverNext content={menu} placement="bottom-end" arrow={false} defaultIsOpen>
      {target()}
    </PopoverNext>
  );
}
