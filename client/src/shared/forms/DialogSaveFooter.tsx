import { Button, type ButtonProps, DialogFooter } from '@blueprintjs/core';

export interface DialogSaveFooterProps {
  onCancel: () => void;
  /** The submit button's text ("Speichern", "Anlegen", "Hinzufügen"). */
  saveText?: string;
  saveIcon?: ButtonProps['icon'];
  saving?: boolean;
}

/** The footer of a dialog's form: "Abbrechen" and the form's submit button, in that order everywhere. */
export function DialogSaveFooter({ onCancel, saveText = 'Speichern', saveIcon, saving }: DialogSaveFooterProps) {
  return (
    <DialogFooter
      actions={
        <>
          <Button text="Abbrechen" onClick={onCancel} />
          <Button type="submit" intent="primary" icon={saveIcon} text={saveText} loading={saving} />
        </>
      }
    />
  );
}
