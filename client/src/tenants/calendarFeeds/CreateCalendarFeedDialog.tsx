import { useMutation } from '@apollo/client/react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { Form, useField } from 'react-final-form';
import { calendarFeedInputSchema } from '../../../../common/feeds/calendar-feed';
import { parseFields } from '../../../../common/validation/schema';
import { CalendarFeedsDocument, CreateCalendarFeedDocument } from '../../gql/graphql';
import { BookableSuggest, type ChoiceOption } from '../../bookables/picker/BookableSuggest';
import { DialogSaveFooter } from '../../shared/forms/DialogSaveFooter';
import { helperLine, shownFieldError } from '../../shared/forms/fieldMessage';
import { useSaveDialog } from '../../shared/forms/saveDialog';
import { nestedErrors } from '../../shared/forms/schemaValidate';
import { SwitchField } from '../../shared/forms/SwitchField';
import { TextField } from '../../shared/forms/TextField';
import { calendarFeedTexts, webcalUrl } from './calendarFeedTexts';
import { CopyableField } from '../../shared/forms/CopyableField';

interface CalendarFeedFormValues {
  name: string;
  /** An object's id; empty: every object (feeds with customer data only). */
  bookableId: string;
  personal: boolean;
}

/** The same rules and German messages as the server (common/feeds/calendar-feed.ts), at the form's fields; `chosen` is the object picked. */
function validate(values: CalendarFeedFormValues, picked: ChoiceOption | null) {
  const result = parseFields(calendarFeedInputSchema(), values);
  const errors: Record<string, string> = result.ok ? {} : { ...result.fieldErrors };
  const chosen = picked && picked.id === values.bookableId ? picked : null;
  if (!values.personal && chosen && chosen.isPublic === false) errors.bookableId ??= 'Ein öffentliches Abo ist nur für ein öffentliches Objekt möglich.';
  return nestedErrors(errors);
}

/**
 * The object, searched on the server as one types (a city's tenant has hundreds): a public feed
 * offers the public ones only, one with customer data every object or, left empty, all of them.
 */
function BookableField({ tenantId, personal, chosen, onChoose }: { tenantId: string; personal: boolean; chosen: ChoiceOption | null; onChoose: (option: ChoiceOption | null) => void }) {
  const { input, meta } = useField<string>('bookableId');
  const error = shownFieldError(meta);
  const selected = chosen && chosen.id === input.value ? chosen : null;
  return (
    <FormGroup label="Objekt" labelFor="bookableId" helperText={helperLine(error)} intent={error ? 'danger' : 'none'}>
      <div style={{ display: 'flex', gap: 8 }}>
        <BookableSuggest
          tenantId={tenantId}
          id="bookableId"
          selected={selected}
          onSelect={(option) => {
            onChoose(option);
            input.onChange(option.id);
          }}
          excludedIds={[]}
          publicOnly={!personal}
          placeholder={personal ? 'Alle Objekte – Titel eingeben …' : 'Bitte wählen – Titel eingeben …'}
        />
        <Button
          icon="cross"
          text={personal ? 'Alle Objekte' : 'Leeren'}
          disabled={!input.value}
          onClick={() => {
            onChoose(null);
            input.onChange('');
          }}
        />
      </div>
    </FormGroup>
  );
}

/** One of the URLs shown once, with its copy button. */
function CopyableUrl({ id, label, url }: { id: string; label: string; url: string }) {
  return <CopyableField id={id} label={label} value={url} copied={calendarFeedTexts.copied} copyFailed={calendarFeedTexts.copyFailed} copyName={`${label} kopieren`} />;
}

/**
 * "Abo erstellen": name, object and whether customer data is shown. After saving, the same dialog
 * shows the feed's URL once (https and webcal); closing it forgets the URL.
 */
export function CreateCalendarFeedDialog({ tenantId, mayShowCustomers, onClose }: { tenantId: string; mayShowCustomers: boolean; onClose: () => void }) {
  const [chosen, setChosen] = useState<ChoiceOption | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [startValues] = useState<CalendarFeedFormValues>(() => ({ name: '', bookableId: '', personal: false }));
  const [create] = useMutation(CreateCalendarFeedDocument, {
    // The new feed joins the list from the mutation's answer, without a refetch.
    update: (cache, { data }) => {
      const created = data?.createCalendarFeed.feed;
      if (!created) return;
      cache.updateQuery({ query: CalendarFeedsDocument, variables: { tenantId } }, (list) => (list ? { ...list, calendarFeeds: [created, ...list.calendarFeeds.filter((feed) => feed.id !== created.id)] } : list));
    },
  });
  const dialog = useSaveDialog<CalendarFeedFormValues>({
    save: async (values) => {
      const result = await create({ variables: { tenantId, name: values.name ?? '', bookableId: values.bookableId || null, personal: Boolean(values.personal) } });
      setUrl(result.data?.createCalendarFeed.url ?? null);
    },
    saved: calendarFeedTexts.created,
    failed: calendarFeedTexts.createError,
  });

  return (
    <Dialog isOpen title={url ? 'Kalender-Abo erstellt' : calendarFeedTexts.create} onClose={onClose} style={{ width: 'calc(100% - 40px)', maxWidth: 680 }}>
      {url ? (
        <>
          <DialogBody>
            <Callout intent="warning" icon="warning-sign" title={calendarFeedTexts.urlOnce}>
              {calendarFeedTexts.urlHint}
            </Callout>
            <CopyableUrl id="calendar-feed-url" label={calendarFeedTexts.urlLabel} url={url} />
            <CopyableUrl id="calendar-feed-webcal" label={calendarFeedTexts.webcalLabel} url={webcalUrl(url)} />
          </DialogBody>
          <DialogFooter actions={<Button intent="primary" text="Schließen" onClick={onClose} />} />
        </>
      ) : (
        <Form<CalendarFeedFormValues>
          initialValues={startValues}
          onSubmit={dialog.submit}
          validate={(values) => validate(values, chosen)}
          decorators={dialog.decorators}
          render={({ handleSubmit, submitting, values }) => (
            <form noValidate ref={dialog.formRef} onSubmit={(event) => void handleSubmit(event)}>
              <DialogBody>
                <TextField name="name" id="name" label="Name" required helperText="z. B. „Belegung Großer Saal“ oder „Hausmeister“" />
                <SwitchField name="personal" label={calendarFeedTexts.personal} hint={mayShowCustomers ? calendarFeedTexts.personalHint : calendarFeedTexts.personalNotAllowed} disabled={!mayShowCustomers} />
                <BookableField tenantId={tenantId} personal={Boolean(values.personal)} chosen={chosen} onChoose={setChosen} />
              </DialogBody>
              <DialogSaveFooter onCancel={onClose} saving={submitting} saveText="Erstellen" />
            </form>
          )}
        />
      )}
    </Dialog>
  );
}
