import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { notify } from '../../shared/toast';

/** Why the link exists and what it takes to work. */
export const specialLinkTexts = {
  title: 'Link zur Veranstaltung',
  intro: 'Diese Veranstaltung ist nicht öffentlich: Sie erscheint in keiner öffentlichen Liste. Über diesen Link ist sie erreichbar und buchbar.',
  invisible: 'Die Veranstaltung ist noch nicht sichtbar. Der Link funktioniert, sobald „Veranstaltung ist sichtbar“ eingeschaltet ist.',
  copy: 'Link kopieren',
  copied: { title: 'Link kopiert', message: 'Der Link zur Veranstaltung liegt in der Zwischenablage.' },
  copyFailed: { title: 'Kopieren nicht möglich', message: 'Bitte markieren und kopieren Sie den Link selbst.' },
} as const;

/** The link as a read-only field with a copy button (selecting the field is the fallback without clipboard access). */
export function SpecialLinkField({ link, visible, id = 'event-special-link' }: { link: string; visible: boolean; id?: string }) {
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify({ type: 'success', ...specialLinkTexts.copied });
    } catch {
      input?.select();
      notify({ type: 'warning', ...specialLinkTexts.copyFailed });
    }
  };
  return (
    <div className="event-wizard-special-link">
      <p>{specialLinkTexts.intro}</p>
      <InputGroup
        id={id}
        aria-label={specialLinkTexts.title}
        readOnly
        fill
        value={link}
        inputRef={setInput}
        onFocus={(event) => event.currentTarget.select()}
        rightElement={<Button icon="duplicate" variant="minimal" text={specialLinkTexts.copy} onClick={() => void copy()} />}
      />
      {!visible && (
        <Callout intent="warning" className={Classes.TEXT_SMALL}>
          {specialLinkTexts.invisible}
        </Callout>
      )}
    </div>
  );
}

/** After saving an event that is not public: its link, to pass on. */
export function SpecialLinkDialog({ link, visible, onClose }: { link: string; visible: boolean; onClose: () => void }) {
  return (
    <Dialog isOpen title="Veranstaltung gespeichert" onClose={onClose} style={{ width: 640 }}>
      <DialogBody>
        <SpecialLinkField link={link} visible={visible} id="event-special-link-saved" />
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text="Fertig" onClick={onClose} />} />
    </Dialog>
  );
}
