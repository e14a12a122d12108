import { useMutation } from '@apollo/client/react';
import { Button } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { CreateBookableDocument, UpdateBookableDocument } from '../../gql/graphql';
import { useFailedSaveFeedback } from '../../shared/forms/failedSave';
import { FieldConventionsProvider } from '../../shared/forms/fieldConventions';
import { SaveBar } from '../../shared/forms/SaveBar';
import { serverSubmitErrors } from '../../shared/forms/serverErrors';
import { notify, notifyError } from '../../shared/toast';
import { validateBookableForm } from './editorRules';
import { bookableFieldConventions } from './fields';
import { type BookableFormValues, toInput } from './formValues';
import { AttachmentsSection } from './sections/AttachmentsSection';
import { BookingNotesSection } from './sections/BookingNotesSection';
import { CancellationPolicySection } from './sections/CancellationPolicySection';
import { BookingTimesSection } from './sections/BookingTimesSection';
import { DurationSection } from './sections/DurationSection';
import { GeneralSection } from './sections/GeneralSection';
import { LockerSection } from './sections/LockerSection';
import { LongRangeSection } from './sections/LongRangeSection';
import { PriceSection } from './sections/PriceSection';
import { RelationsSection } from './sections/RelationsSection';
import { RequiredFieldsSection } from './sections/RequiredFieldsSection';
import { SwitchesSection } from './sections/SwitchesSection';
import { VisibilitySection } from './sections/VisibilitySection';

export const bookableSaveMessages = {
  saved: { title: 'Gespeichert', message: 'Das Buchungsobjekt wurde gespeichert.' },
  saveError: { title: 'Fehler', message: 'Das Buchungsobjekt konnte nicht gespeichert werden.' },
};

interface Props {
  tenantId: string;
  bookableId: string | null;
  initialValues: BookableFormValues;
  /** After saving or cancelling: back to where the editor was opened from. */
  onDone: () => void;
}

/** The bookable form: all sections, sticky Abbrechen/Speichern; the rules are checked before sending. */
export function BookableForm({ tenantId, bookableId, initialValues, onDone }: Props) {
  const options = {
    // Lists, tags and parent choices elsewhere read the tenant's bookables: load them anew.
    update: (cache: { evict: (options: { fieldName: string }) => boolean; gc: () => string[] }) => {
      cache.evict({ fieldName: 'bookables' });
      cache.evict({ fieldName: 'bookableTags' });
      cache.evict({ fieldName: 'bookablePublicQuotaAvailable' });
      cache.gc();
    },
  };
  const [create] = useMutation(CreateBookableDocument, options);
  const [update] = useMutation(UpdateBookableDocument, options);
  const failedSave = useFailedSaveFeedback<BookableFormValues>();

  const submit = async (values: BookableFormValues) => {
    const input = toInput(values);
    try {
      if (bookableId) await update({ variables: { tenantId, id: bookableId, input } });
      else await create({ variables: { tenantId, input } });
      notify({ type: 'success', ...bookableSaveMessages.saved });
      onDone();
      return undefined;
    } catch (error) {
      const submitErrors = serverSubmitErrors(error);
      if (!submitErrors) notifyError(error, bookableSaveMessages.saveError);
      return submitErrors;
    }
  };

  return (
    <Form<BookableFormValues> onSubmit={submit} validate={validateBookableForm} initialValues={initialValues} decorators={failedSave.decorators}>
      {({ handleSubmit, submitting }) => (
        <FieldConventionsProvider conventions={bookableFieldConventions}>
          <form noValidate className="bookable-editor" ref={failedSave.formRef} onSubmit={(event) => void handleSubmit(event)}>
            <GeneralSection tenantId={tenantId} bookableId={bookableId} />
            <PriceSection />
            <BookingTimesSection />
            <DurationSection />
            <LongRangeSection />
            <LockerSection tenantId={tenantId} bookableId={bookableId} />
            <AttachmentsSection tenantId={tenantId} bookableId={bookableId} />
            <VisibilitySection tenantId={tenantId} bookableId={bookableId} />
            <RelationsSection tenantId={tenantId} bookableId={bookableId} />
            <RequiredFieldsSection />
            <BookingNotesSection />
            <CancellationPolicySection />
            <SwitchesSection tenantId={tenantId} />
            <SaveBar>
              <Button text="Abbrechen" onClick={onDone} disabled={submitting} />
              <Button type="submit" intent="primary" icon="floppy-disk" text="Speichern" loading={submitting} />
            </SaveBar>
          </form>
        </FieldConventionsProvider>
      )}
    </Form>
  );
}
