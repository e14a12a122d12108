import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { allocationRoundSchema } from '../../../common/allocation/allocation.schema';
import { AllocationRoundBookablesDocument, type AllocationRoundFieldsFragment, AllocationRoundsDocument, CreateAllocationRoundDocument, UpdateAllocationRoundDocument } from '../gql/graphql';
import { DateTimeField } from '../shared/forms/DateTimeField';
import { DialogSaveFooter } from '../shared/forms/DialogSaveFooter';
import { FieldConventionsProvider, prefixedFieldId } from '../shared/forms/fieldConventions';
import { schemaValidate } from '../shared/forms/schemaValidate';
import { useSaveDialog } from '../shared/forms/saveDialog';
import { SwitchField } from '../shared/forms/SwitchField';
import { TextField } from '../shared/forms/TextField';
import { CheckboxListField, DayField } from './allocationFields';
import { allocationToasts } from './allocationMessages';
import { seasonText } from './allocationText';
import { formatDateTime } from '../shared/format';

interface RoundFormValues {
  title: string;
  seasonBegin: string;
  seasonEnd: string;
  /** ISO instants from the picker (Berlin wall time), null while empty. */
  applicationsFrom: string | null;
  applicationsUntil: string | null;
  bookableIds: string[];
  skipHolidays: boolean;
}

/** The round's rules and messages as the server checks them (common/allocation/allocation.schema.ts). */
const validateRound = schemaValidate<RoundFormValues>(allocationRoundSchema);
const conventions = { idOf: prefixedFieldId('round') };
/** Tickets are sold per event; a season hands out rooms, places and resources. */
const HANDED_OUT_TYPES = new Set(['room', 'event_location', 'resource']);

function initialValues(round: AllocationRoundFieldsFragment | null): RoundFormValues {
  return {
    title: round?.title ?? '',
    seasonBegin: round?.seasonBegin ?? '',
    seasonEnd: round?.seasonEnd ?? '',
    applicationsFrom: round?.applicationsFrom ?? null,
    applicationsUntil: round?.applicationsUntil ?? null,
    bookableIds: round?.bookableIds ?? [],
    skipHolidays: round?.skipHolidays ?? true,
  };
}

/** Creating or changing a round (title, season, application window, objects, holidays); a published round is only shown. */
export function RoundDialog({ tenantId, round, onClose }: { tenantId: string; round: AllocationRoundFieldsFragment | null; onClose: () => void }) {
  const { data } = useQuery(AllocationRoundBookablesDocument, { variables: { tenantId } });
  const [create] = useMutation(CreateAllocationRoundDocument, {
    // The new round joins the list the screen shows, newest season first as the server sorts.
    update(cache, { data: created }) {
      if (!created) return;
      cache.updateQuery({ query: AllocationRoundsDocument, variables: { tenantId } }, (list) =>
        list ? { allocationRounds: [created.createAllocationRound, ...list.allocationRounds.filter((other) => other.id !== created.createAllocationRound.id)] } : list,
      );
    },
  });
  const [update] = useMutation(UpdateAllocationRoundDocument);
  const [startValues] = useState(() => initialValues(round));
  const readOnly = round?.state === 'PUBLISHED';
  const objects = (data?.bookables ?? [])
    .filter((bookable) => HANDED_OUT_TYPES.has(bookable.type) || round?.bookableIds.includes(bookable.id))
    .map((bookable) => ({ value: bookable.id, label: bookable.title }))
    .sort((a, b) => a.label.localeCompare(b.label, 'de'));

  const save = async (values: RoundFormValues) => {
    const input = {
      title: values.title.trim(),
      seasonBegin: values.seasonBegin,
      seasonEnd: values.seasonEnd,
      // The picker writes Berlin wall time with its offset and without seconds; the API takes full ISO instants.
      applicationsFrom: values.applicationsFrom ? new Date(values.applicationsFrom).toISOString() : '',
      applicationsUntil: values.applicationsUntil ? new Date(values.applicationsUntil).toISOString() : '',
      bookableIds: values.bookableIds,
      skipHolidays: values.skipHolidays,
    };
    if (round) await update({ variables: { tenantId, input: { ...input, id: round.id } } });
    else await create({ variables: { tenantId, input } });
  };
  const dialog = useSaveDialog<RoundFormValues>({ save, saved: round ? allocationToasts.roundSaved : allocationToasts.roundCreated, failed: allocationToasts.roundSaveError, onSaved: onClose });

  const title = round ? (readOnly ? 'Vergaberunde ansehen' : 'Vergaberunde bearbeiten') : 'Vergaberunde anlegen';
  return (
    <Dialog isOpen title={title} onClose={onClose} style={{ width: 'calc(100% - 40px)', maxWidth: 800 }}>
      {round && readOnly ? (
        <>
          <DialogBody>
            <Callout intent="primary" title="Veröffentlicht">
              Diese Vergaberunde ist veröffentlicht und kann nicht mehr geändert werden.
            </Callout>
            <dl className="allocation-facts allocation-facts-dialog">
              <dt>Titel</dt>
              <dd>{round.title}</dd>
              <dt>Saison</dt>
              <dd>{seasonText(round)}</dd>
              <dt>Bewerbungsfrist</dt>
              <dd>
                {formatDateTime(round.applicationsFrom)} – {formatDateTime(round.applicationsUntil)}
              </dd>
              <dt>Objekte</dt>
              <dd>{round.bookables.map((bookable) => bookable.title).join(', ')}</dd>
              <dt>Feiertage und Schulferien</dt>
              <dd>{round.skipHolidays ? 'ausgelassen' : 'gebucht'}</dd>
            </dl>
          </DialogBody>
          <DialogFooter actions={<Button text="Schließen" onClick={onClose} />} />
        </>
      ) : (
        <FieldConventionsProvider conventions={conventions}>
          <Form<RoundFormValues>
            initialValues={startValues}
            onSubmit={dialog.submit}
            validate={validateRound}
            decorators={dialog.decorators}
            render={({ handleSubmit, submitting }) => (
              <form noValidate ref={dialog.formRef} onSubmit={(event) => void handleSubmit(event)}>
                <DialogBody>
                  <TextField name="title" label="Titel" placeholder="z. B. Hallenbelegung 2027/28" />
                  <div className="allocation-pair">
                    <DayField name="seasonBegin" label="Saisonbeginn" />
                    <DayField name="seasonEnd" label="Saisonende" />
                  </div>
                  <div className="allocation-pair">
                    <DateTimeField name="applicationsFrom" id="round-applicationsFrom" label="Bewerbungen ab" />
                    <DateTimeField name="applicationsUntil" id="round-applicationsUntil" label="Bewerbungen bis" hint="Bewerbungen werden bis zu diesem Zeitpunkt angenommen" />
                  </div>
                  <CheckboxListField name="bookableIds" legend="Objekte der Runde" options={objects} />
                  <SwitchField name="skipHolidays" label="Feiertage und Schulferien auslassen" hint="Die zugesagten Serien lassen die Feiertage und Schulferien des Mandanten aus." />
                </DialogBody>
                <DialogSaveFooter onCancel={onClose} saving={submitting} saveText={round ? 'Speichern' : 'Anlegen'} />
              </form>
            )}
          />
        </FieldConventionsProvider>
      )}
    </Dialog>
  );
}
