import { Button, Icon, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';

/** The cover image of a card; a placeholder when there is none or it cannot be loaded. */
export function CardCover({ url }: { url: string | null | undefined }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="list-card-cover">
      {url && !failed ? <img src={url} alt="" loading="lazy" onError={() => setFailed(true)} /> : <Icon icon="media" size={40} className="list-card-placeholder" />}
    </div>
  );
}

export interface CardActions {
  /** Undefined disables the entry (no update right). */
  onEdit?: () => void;
  /** Undefined disables the entry (no create right). */
  onDuplicate?: () => void;
  /** Undefined hides the entry (delete not allowed). */
  onDelete?: () => void;
}

/** A card's action menu: Bearbeiten, Duplizieren, the list's own entries (`children`), Löschen. */
export function CardMenu({ title, onEdit, onDuplicate, onDelete, children }: CardActions & { title: string; children?: ReactNode }) {
  const menu = (
    <Menu aria-label={`Aktionen für ${title}`}>
      <MenuItem icon="edit" text="Bearbeiten" disabled={!onEdit} onClick={onEdit} />
      <MenuItem icon="duplicate" text="Duplizieren" disabled={!onDuplicate} onClick={onDuplicate} />
      {children}
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
