import { Button, FormGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useField } from 'react-final-form';
import { HtmlPreviewDialog } from '../HtmlPreviewFrame';
import { notifyError } from '../toast';
import { helperLine, shownFieldError } from './fieldMessage';

const PLACEHOLDERS = 'Platzhalter: {{title}} (Betreff), {{content}} (Inhalt der Nachricht). Leer: die mitgelieferte Vorlage.';

/**
 * A mail template (HTML) edited in the form, with a "Vorschau" that shows a sample mail in the text
 * as it stands: `render` asks the server, which fills it like the real mails.
 */
export function MailTemplateField({ name, label, render }: { name: string; label: string; render: (template: string) => Promise<string> }) {
  const { input, meta } = useField<string>(name, { subscription: { value: true, error: true, submitError: true, touched: true, submitFailed: true } });
  const [preview, setPreview] = useState<string | null>(null);
  const [rendering, setRendering] = useState(false);
  const id = `${name.replace(/\W/g, '-')}-editor`;
  const error = shownFieldError(meta);

  const showPreview = async () => {
    setRendering(true);
    try {
      setPreview(await render(input.value ?? ''));
    } catch (failure) {
      notifyError(failure, { title: 'Vorschau nicht möglich', message: 'Die Vorlage konnte nicht dargestellt werden.' });
    } finally {
      setRendering(false);
    }
  };

  return (
    <FormGroup label={label} labelFor={id} helperText={helperLine(error, PLACEHOLDERS)} intent={error ? 'danger' : 'none'}>
      <TextArea id={id} rows={20} fill className="template-area" value={input.value ?? ''} onChange={(event) => input.onChange(event.currentTarget.value)} onBlur={input.onBlur} />
      <Button icon="eye-open" text="Vorschau" loading={rendering} onClick={() => void showPreview()} />
      {preview !== null && <HtmlPreviewDialog title={label} html={preview} onClose={() => setPreview(null)} />}
    </FormGroup>
  );
}
