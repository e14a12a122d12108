import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { useField } from 'react-final-form';
import { FilePicker } from '../../../files/FilePicker';
import { OrderedList } from '../../../shared/OrderedList';
import { AttachmentFields } from './attachmentFields';
import { addAttachment, attachmentDirectory, type AttachmentValues, isFileTaken, newAttachment } from './attachmentRules';
import { EditorSection } from '../fields';

export interface AttachmentsSectionProps {
  tenantId: string;
  bookableId: string | null;
}

/**
 * 'Anhänge' of the bookable editor: an ordered list of attachments (agreements, manuals, …). A file
 * is chosen (or uploaded into "agreements", never protected) and added; each file only once.
 */
export function AttachmentsSection({ tenantId }: AttachmentsSectionProps) {
  const { input } = useField<AttachmentValues[]>('attachments');
  const list = input.value || [];
  const [pendingUrl, setPendingUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const result = addAttachment(list, newAttachment(pendingUrl));
    setError(result.error);
    if (result.error) return;
    input.onChange(result.list);
    setPendingUrl('');
  };

  return (
    <EditorSection title="Anhänge" icon="paperclip">
      <div className="bookable-section-part">
        <OrderedList
          label="Anhänge"
          items={list}
          onChange={(next) => input.onChange(next)}
          // The id, not the file: a changed file must not remount the entry's inputs.
          itemKey={(attachment) => attachment.id}
          renderItem={(attachment, index) => <AttachmentFields tenantId={tenantId} index={index} isTaken={(url) => isFileTaken(list, url, attachment.id)} />}
        />
      </div>
      <div className="bookable-section-part">
        <FilePicker
          tenantId={tenantId}
          id="bookable-attachments-new-url"
          label="Datei für neuen Anhang"
          value={pendingUrl}
          customDirectory={attachmentDirectory}
          allowProtected={false}
          onChange={(url) => {
            setPendingUrl(url);
            setError(null);
          }}
        />
        <Button icon="add" text="Anhang hinzufügen" onClick={add} />
        {error && (
          <Callout intent="warning" style={{ marginTop: 12 }}>
            {error}
          </Callout>
        )}
      </div>
    </EditorSection>
  );
}
