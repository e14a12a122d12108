import { Button, type IconName, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { Fragment, useState } from 'react';

export interface CardMenuEntry {
  text: string;
  icon: IconName;
  onClick: () => void;
  /** A line above it (before "Details"). */
  divider?: boolean;
}

/**
 * A card's menu: "In Backlog verschieben", "Verschieben nach …" for each other state, "Archivieren"
 * and "Details", as far as the viewer may. Like the list's row menu, the popover is set up on first
 * use: a board holds a thousand cards. Only the card that holds the column's tab stop has its
 * button in the tab order.
 */
export function KanbanCardMenu({ bookingId, entries, tabbable }: { bookingId: string; entries: readonly CardMenuEntry[]; tabbable: boolean }) {
  const name = `Aktionen für Buchung ${bookingId}`;
  const [used, setUsed] = useState(false);
  const target = (onClick?: () => void) => (
    <Button variant="minimal" size="small" icon="more" aria-label={name} title="Aktionen" aria-haspopup="menu" tabIndex={tabbable ? 0 : -1} onClick={onClick} />
  );
  if (!used) return target(() => setUsed(true));
  const menu = (
    <Menu aria-label={name}>
      {entries.map((entry) => (
        <Fragment key={entry.text}>
          {entry.divider && <MenuDivider />}
          <MenuItem icon={entry.icon} text={entry.text} onClick={entry.onClick} />
        </Fragment>
      ))}
    </Menu>
  );
  return (
    <PopoverNext content={menu} placement="bottom-end" arrow={false} defaultIsOpen>
      {target()}
    </PopoverNext>
  );
}
