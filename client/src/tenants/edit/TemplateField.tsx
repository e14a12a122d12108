import { useApolloClient } from '@apollo/client/react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useField } from 'react-final-form';
import { DocumentTemplatePreviewHtmlDocument } from '../../gql/graphql';
import { HtmlPreviewDialog } from '../../shared/HtmlPreviewFrame';
import { notifyError } from '../../shared/toast';
import { TemplateArea } from '../fields';

/**
 * Receipt or invoice template: present/absent, edited in a dialog and applied to the form only;
 * "Vorschau" shows the page the text in the dialog makes with sample data, as printed to the PDF.
 */
export function TemplateField({ tenantId, name, title }: { tenantId: string; name: 'receiptTemplate' | 'invoiceTemplate'; title: string }) {
  const { input, meta } = useField<string>(name, { subscription: { value: true, error: true, submitError: true, submitFailed: true } });
  const client = useApolloClient();
  const [draft, setDraft] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [rendering, setRendering] = useState(false);
  const present = Boolean(input.value?.trim());
  // A template without the HTML skeleton blocks the save: the reason shows here (the text area is in a dialog).
  const error = meta.submitFailed ? ((meta.error ?? meta.submitError) as string | undefined) : undefined;

  const showPreview = async () => {
    setRendering(true);
    try {
      const { data } = await client.query({
        query: DocumentTemplatePreviewHtmlDocument,
        variables: { tenantId, kind: name === 'invoiceTemplate' ? 'invoice' : 'receipt', template: draft?.trim() ? draft : null },
        fetchPolicy: 'no-cache',
      });
      if (data) setPreview(data.documentTemplatePreviewHtml);
    } catch (failure) {
      console.error('Vorschau nicht erstellt:', failure);
      notifyError(failure, { title: 'Vorschau nicht möglich', message: 'Die Vorlage konnte nicht dargestellt werden.' });
    } finally {
      setRendering(false);
    }
  };

  return (
    <FormGroup label={title} intent={error ? 'danger' : 'none'} helperText={error}>
      <Tag intent={present ? 'success' : 'warning'} minimal>
        {present ? 'Vorlage vorhanden' : 'Keine Vorlage vorhanden'}
      </Tag>{' '}
      <Button icon="code" text={`${title} bearbeiten`} onClick={() => setDraft(input.value ?? '')} />
      <Dialog isOpen={draft !== null} onClose={() => setDraft(null)} title={title} style={{ maxWidth: 800, width: '90vw' }}>
        <DialogBody>
          <TemplateArea id={`${name}-editor`} label="HTML-Vorlage" value={draft ?? ''} onChange={setDraft} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button icon="eye-open" text="Vorschau" loading={rendering} onClick={() => void showPreview()} />
              <Button text="Abbrechen" onClick={() => setDraft(null)} />
              <Button
                intent="primary"
                text="Übernehmen"
                onClick={() => {
                  input.onChange(draft ?? '');
                  setDraft(null);
                }}
              />
            </>
          }
        />
      </Dialog>
      {preview && <HtmlPreviewDialog html={preview} title={title} onClose={() => setPreview(null)} />}
    </FormGroup>
  );
}
