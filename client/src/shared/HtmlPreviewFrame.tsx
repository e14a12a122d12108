import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';

/**
 * A rendered template (receipt, invoice, mail) shown as the page it makes. The HTML goes into a
 * srcdoc frame with an empty sandbox: no scripts, no forms, an origin of its own, and it keeps the
 * page's Content-Security-Policy, which frames nothing from blob: or other hosts.
 */
export function HtmlPreviewFrame({ html, title }: { html: string; title: string }) {
  return <iframe className="template-preview" title={title} sandbox="" srcDoc={html} />;
}

/**
 * "Vorschau: …" of a template: the frame in a dialog. The frame scrolls its own page, so the body
 * is no scroll container of its own: one around the frame would scroll by a few pixels and, holding
 * nothing to focus, could not be scrolled by keyboard.
 */
export function HtmlPreviewDialog({ html, title, onClose }: { html: string; title: string; onClose: () => void }) {
  const name = `Vorschau: ${title}`;
  return (
    <Dialog isOpen onClose={onClose} title={name} style={{ maxWidth: 900, width: '92vw' }}>
      <DialogBody useOverflowScrollContainer={false}>
        <HtmlPreviewFrame title={name} html={html} />
      </DialogBody>
      <DialogFooter actions={<Button text="Schließen" onClick={onClose} />} />
    </Dialog>
  );
}
