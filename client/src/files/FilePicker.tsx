import { useQuery } from '@apollo/client/react';
import { Button, FormGroup, HTMLSelect, InputGroup, SegmentedControl } from '@blueprintjs/core';
import { useState } from 'react';
import { TenantFilesDocument } from '../gql/graphql';
import { fileMessages, isExternalLink, pickableFiles } from './fileRules';
import { FileUploadDialog } from './FileUploadDialog';

export interface FilePickerProps {
  tenantId: string;
  label: string;
  /** The chosen file's link, or an external URL. */
  value: string;
  onChange: (value: string) => void;
  /** Forced upload sub-folder: rooms (cover images), agreements (bookable attachments). */
  customDirectory: string;
  imagesOnly?: boolean;
  /** Cover images and bookable attachments disallow protected. */
  allowProtected?: boolean;
  id?: string;
  /** Marks the input as invalid while its field shows a message. */
  invalid?: boolean;
}

type Mode = 'list' | 'url';

/**
 * The file picker (docs/bookables-and-files.md, “Files”): list mode (the tenant's files by filename,
 * upload dialog) and URL mode, chosen automatically when the value is an external link. An image
 * picker lists and uploads images only.
 */
export function FilePicker({ tenantId, label, value, onChange, customDirectory, imagesOnly = false, allowProtected = false, id = 'file-picker', invalid }: FilePickerProps) {
  const ariaInvalid = invalid ? true : undefined;
  const origin = window.location.origin;
  const [mode, setMode] = useState<Mode>(() => (isExternalLink(value, origin, tenantId) ? 'url' : 'list'));
  const [uploading, setUploading] = useState(false);
  const { data, loading, refetch } = useQuery(TenantFilesDocument, { variables: { tenantId, includeProtected: allowProtected }, fetchPolicy: 'cache-and-network' });
  const files = pickableFiles(data?.files ?? [], { imagesOnly, allowProtected });

  return (
    <FormGroup label={label} labelFor={id}>
      <SegmentedControl
        small
        value={mode}
        onValueChange={(next) => setMode(next as Mode)}
        options={[
          { label: 'Dateiliste', value: 'list' },
          { label: 'URL', value: 'url' },
        ]}
      />
      {mode === 'url' ? (
        <InputGroup id={id} value={value} placeholder="https://" onChange={(event) => onChange(event.currentTarget.value)} aria-invalid={ariaInvalid} />
      ) : (
        <div className="file-picker-row">
          {files.length === 0 ? (
            <span id={id} className="bp6-text-muted file-picker-empty">
              {loading ? 'Daten werden geladen...' : imagesOnly ? fileMessages.noImages : fileMessages.noFiles}
            </span>
          ) : (
            <HTMLSelect id={id} fill value={value} onChange={(event) => onChange(event.currentTarget.value)} aria-invalid={ariaInvalid}>
              <option value="">Keine Datei</option>
              {files.map((file) => (
                <option key={file.filename} value={file.link}>
                  {file.filename}
                </option>
              ))}
            </HTMLSelect>
          )}
          <Button icon="upload" text="Hochladen" onClick={() => setUploading(true)} />
        </div>
      )}
      <FileUploadDialog
        isOpen={uploading}
        tenantId={tenantId}
        customDirectory={customDirectory}
        imagesOnly={imagesOnly}
        allowProtected={allowProtected}
        onClose={() => setUploading(false)}
        onUploaded={(link) => {
          void refetch();
          setMode('list');
          onChange(link);
        }}
      />
    </FormGroup>
  );
}
