import { Button } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** A list's primary action ("Gutschein erstellen", "Mandanten anlegen", "Benutzer hinzufügen"). */
export interface CreateAction {
  text: string;
  onClick: () => void;
  disabled?: boolean;
  /** Why the action is disabled (e.g. "Keine Berechtigung"). */
  title?: string;
}

/**
 * The toolbar above every list screen: search and filters on the left, the create button at the
 * right end. All lists use it, so the create button is always found at the same place.
 */
export function ListToolbar({ children, create, createControl }: { children?: ReactNode; create?: CreateAction; createControl?: ReactNode }) {
  return (
    <div className="list-toolbar">
      <div className="list-toolbar-filters">{children}</div>
      {/* A list with more than one way to create (events) brings its own control, at the same place. */}
      {createControl}
      {create && <Button className="list-toolbar-create" intent="primary" icon="add" text={create.text} disabled={create.disabled} title={create.title} onClick={create.onClick} />}
    </div>
  );
}
