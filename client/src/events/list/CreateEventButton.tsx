import { Button, ButtonGroup, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';

export type EventCreationMode = 'simple' | 'detailed';

export const creationPaths: Record<EventCreationMode, string> = {
  detailed: '/admin/veranstaltungen/create/information',
  simple: '/admin/veranstaltungen/create/simple-event',
};

/** The tenant's default: simple only when the tenant chose it. */
export const defaultCreationMode = (tenantSetting: string | null | undefined): EventCreationMode => (tenantSetting === 'simple' ? 'simple' : 'detailed');

/**
 * "Veranstaltung erstellen" as a split button: the main part opens the tenant's default creator,
 * the arrow offers both ("Detaillierte Event-Erstellung", "Einfache Event-Erstellung").
 */
export function CreateEventButton({ defaultMode, disabled, title, onCreate }: { defaultMode: EventCreationMode; disabled: boolean; title?: string; onCreate: (mode: EventCreationMode) => void }) {
  const menu = (
    <Menu aria-label="Art der Erstellung">
      <MenuItem icon="properties" text="Detaillierte Event-Erstellung" onClick={() => onCreate('detailed')} />
      <MenuItem icon="lightning" text="Einfache Event-Erstellung" onClick={() => onCreate('simple')} />
    </Menu>
  );
  return (
    <ButtonGroup className="list-toolbar-create">
      <Button intent="primary" icon="add" text="Veranstaltung erstellen" disabled={disabled} title={title} onClick={() => onCreate(defaultMode)} />
      <PopoverNext content={menu} placement="bottom-end" arrow={false} disabled={disabled}>
        <Button intent="primary" icon="caret-down" aria-label="Art der Erstellung wählen" aria-haspopup="menu" disabled={disabled} title={title} />
      </PopoverNext>
    </ButtonGroup>
  );
}
