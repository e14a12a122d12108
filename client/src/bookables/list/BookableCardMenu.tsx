import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';

export interface BookableCardActions {
  /** Undefined disables the entry (no update right). */
  onEdit?: () => void;
  /** Undefined disables the entry (no create right). */
  onDuplicate?: () => void;
  /** Undefined hides the entry (delete not allowed). */
  onDelete?: () => void;
}

/** The card's action menu: Bearbeiten, Duplizieren, Löschen (specification 02 section 2). */
export function BookableCardMenu({ title, onEdit, onDuplicate, onDelete }: BookableCardActions & { title: string }) {
  const menu = (
    <Menu aria-label={`Aktionen für ${title}`}>
      <MenuItem icon="edit" text="Bearbeiten" disabled={!onEdit} onClick={onEdit} />
      <MenuItem icon="duplicate" text="Duplizieren" disabled={!onDuplicate} onClick={onDuplicate} />
      {onDelete && (
        <>
          <MenuDivider />
          <MenuItem icon="trash" text="Löschen" intent="danger" onClick={onDelete} />
        </>
      )}
    </Menu>
  );
  return (
    <PopoverNext content={menu} placement="bottom-end" arrow={false}>
      <Button variant="minimal" icon="more" aria-label={`Aktionen für ${title}`} title="Aktionen" aria-haspopup="menu" />
    </PopoverNext>
  );
}
