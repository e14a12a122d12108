import { Alert, Button, type IconName } from '@blueprintjs/core';
import { type ReactNode, useId, useState } from 'react';

/** The edit and delete buttons at the end of a list row; `name` names the row for screen readers. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit?: () => void; onDelete?: () => void }) {
  return (
    <>
      {onEdit && <Button variant="minimal" icon="edit" aria-label={`${name} bearbeiten`} title="Bearbeiten" onClick={onEdit} />}
      {onDelete && <Button variant="minimal" icon="trash" intent="danger" aria-label={`${name} löschen`} title="Löschen" onClick={onDelete} />}
    </>
  );
}

/**
 * Delete with confirmation: `ask(row)` opens the alert, which names the row with `question` and
 * runs `remove` (which shows its own toasts) when confirmed. `confirmText` names another
 * irreversible action ("Widerrufen") on the confirming button.
 */
export function useConfirmedDelete<Row>(remove: (row: Row) => Promise<void>, question: (row: Row) => ReactNode, { confirmText = 'Löschen', icon = 'trash' }: { confirmText?: string; icon?: IconName } = {}) {
  const [pending, setPending] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const questionId = useId();

  const confirm = async () => {
    if (pending === null) return;
    setBusy(true);
    try {
      await remove(pending);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const alert = (
    // The question names the alert dialog for screen readers.
    <Alert
      aria-labelledby={questionId}
      isOpen={pending !== null}
      intent="danger"
      icon={icon}
      confirmButtonText={confirmText}
      cancelButtonText="Abbrechen"
      loading={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setPending(null)}
    >
      {pending !== null && <p id={questionId}>{question(pending)}</p>}
    </Alert>
  );
  return { ask: (row: Row) => setPending(row), alert };
}
