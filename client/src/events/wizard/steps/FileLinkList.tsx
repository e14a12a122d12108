import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { useField } from 'react-final-form';
import { FilePicker } from '../../../files/FilePicker';
import { OrderedList } from '../../../shared/OrderedList';
import { useWizardContext } from '../wizardContext';
import { addLink, fileNameOf } from '../wizardLists';

interface Props {
  name: 'attachments' | 'images';
  /** The list's accessible name. */
  label: string;
  pickerLabel: string;
  addText: string;
  directory: string;
  imagesOnly?: boolean;
}

/**
 * An ordered list of file links (attachments, images): move up, move down, remove; a file chosen or
 * uploaded into `directory` (never protected) is added once.
 */
export function FileLinkList({ name, label, pickerLabel, addText, directory, imagesOnly = false }: Props) {
  const { tenantId } = useWizardContext();
  const { input } = useField<string[]>(name);
  const list = input.value || [];
  const [pending, setPending] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const result = addLink(list, pending);
    setError(result.error);
    if (result.error) return;
    input.onChange(result.list);
    setPending('');
  };

  return (
    <>
      <OrderedList
        label={label}
        items={list}
        onChange={(next) => input.onChange(next)}
        itemKey={(link) => link}
        renderItem={(link) => (
          <span className="event-wizard-file">
            {imagesOnly && <img src={link} alt="" className="event-wizard-thumb" />}
            <a href={link} target="_blank" rel="noreferrer">
              {fileNameOf(link)}
            </a>
          </span>
        )}
      />
      <div className="event-wizard-add-file">
        <FilePicker
          tenantId={tenantId}
          id={`event-${name}-new`}
          label={pickerLabel}
          value={pending}
          customDirectory={directory}
          imagesOnly={imagesOnly}
          allowProtected={false}
          onChange={(link) => {
            setPending(link);
            setError(null);
          }}
        />
        <Button icon="add" text={addText} onClick={add} />
        {error && (
          <Callout intent="warning" role="alert" className="event-wizard-callout">
            {error}
          </Callout>
        )}
      </div>
    </>
  );
}
