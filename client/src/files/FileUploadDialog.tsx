import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, ProgressBar, Radio, RadioGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { accessLevelsFor, fileMessages, uploadError, type AccessLevel } from './fileRules';
import { uploadFile, UploadError } from './uploadFile';

export interface FileUploadDialogProps {
  isOpen: boolean;
  tenantId: string;
  /** Sub-folder forced by the context (rooms, agreements, events/images ...). */
  customDirectory: string;
  imagesOnly?: boolean;
  /** Cover images and bookable attachments: false (public only). */
  allowProtected?: boolean;
  onClose: () => void;
  /** With the new file's link; the dialog closes itself afterwards. */
  onUploaded: (link: string) => void;
}

const levelLabels: Record<AccessLevel, string> = { public: 'Öffentlich', protected: 'Geschützt' };

/**
 * The upload dialog of the file picker: persistent (no closing by Escape or a
 * click outside), Upload enabled only when a file is chosen with an allowed extension and at most
 * 10 MB, a progress bar while sending, the server's German error in an alert, closes on success.
 */
export function FileUploadDialog({ isOpen, tenantId, customDirectory, imagesOnly = false, allowProtected = false, onClose, onUploaded }: FileUploadDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [accessLevel, setAccessLevel] = useState<AccessLevel>('public');
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const error = uploadError(file, imagesOnly);
  const levels = accessLevelsFor(allowProtected);

  const reset = () => {
    setFile(null);
    setProgress(null);
    setFailed(null);
    setAccessLevel('public');
  };
  const close = () => {
    if (progress !== null) return;
    reset();
    onClose();
  };
  const submit = async () => {
    if (!file || error) return;
    setFailed(null);
    setProgress(0);
    try {
      const link = await uploadFile({ tenantId, file, accessLevel, customDirectory, imagesOnly, onProgress: setProgress });
      reset();
      onUploaded(link);
      onClose();
    } catch (caught) {
      setProgress(null);
      setFailed(caught instanceof UploadError ? caught.message : '');
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={close} title="Datei hochladen" canEscapeKeyClose={false} canOutsideClickClose={false} className="file-upload-dialog" style={{ maxWidth: 800, width: '90vw' }}>
      <DialogBody>
        {failed !== null && (
          <Callout intent="danger" title={fileMessages.uploadFailedTitle} style={{ marginBottom: 12 }}>
            {fileMessages.uploadFailedText}
            {failed && <div>{failed}</div>}
          </Callout>
        )}
        <FormGroup label="Datei" labelFor="file-upload-input" helperText={file ? error : undefined} intent={file && error ? 'danger' : 'none'}>
          <FileInput
            fill
            text={file ? file.name : 'Datei auswählen...'}
            buttonText="Durchsuchen"
            inputProps={{ id: 'file-upload-input', accept: (imagesOnly ? ['.jpg', '.jpeg', '.png', '.svg'] : undefined)?.join(',') }}
            onInputChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          />
        </FormGroup>
        {!file && <p className="bp6-text-muted">{fileMessages.required}</p>}
        <RadioGroup label="Zugriff" inline selectedValue={accessLevel} onChange={(event) => setAccessLevel(event.currentTarget.value as AccessLevel)}>
          {levels.map((level) => (
            <Radio key={level} value={level} label={levelLabels[level]} />
          ))}
        </RadioGroup>
        {progress !== null && <ProgressBar value={progress} intent="primary" aria-label="Fortschritt" />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Abbrechen" onClick={close} disabled={progress !== null} />
            <Button intent="primary" text="Hochladen" onClick={() => void submit()} disabled={Boolean(error) || progress !== null} />
          </>
        }
      />
    </Dialog>
  );
}
