import { useMutation } from '@apollo/client/react';
import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { Form, useField } from 'react-final-form';
import { webhookEndpointInputSchema, webhookEventLabels, webhookEventTypes, type WebhookEventType } from '../../../../common/webhooks/webhook';
import { parseFields } from '../../../../common/validation/schema';
import { CreateWebhookEndpointDocument, WebhookEndpointsDocument } from '../../gql/graphql';
import { DialogSaveFooter } from '../../shared/forms/DialogSaveFooter';
import { helperLine, shownFieldError } from '../../shared/forms/fieldMessage';
import { useSaveDialog } from '../../shared/forms/saveDialog';
import { nestedErrors } from '../../shared/forms/schemaValidate';
import { SwitchField } from '../../shared/forms/SwitchField';
import { TextField } from '../../shared/forms/TextField';
import { webhookTexts } from './webhookTexts';
import { CopyableField } from '../../shared/forms/CopyableField';

interface WebhookFormValues {
  url: string;
  events: WebhookEventType[];
  description: string;
  includePersonalData: boolean;
}

/** The same rules and German messages as the server (common/webhooks/webhook.ts). */
function validate(values: WebhookFormValues) {
  const result = parseFields(webhookEndpointInputSchema(), values);
  return result.ok ? {} : nestedErrors(result.fieldErrors);
}

/** The events as checkboxes in a group; the first one carries the field's id, so an error focuses it. */
function EventsField() {
  const { input, meta } = useField<WebhookEventType[]>('events');
  const error = shownFieldError(meta);
  const chosen = input.value || [];
  const toggle = (type: WebhookEventType, on: boolean) => input.onChange(on ? [...chosen, type] : chosen.filter((entry) => entry !== type));
  return (
    <fieldset className="webhook-events" aria-describedby={error ? 'events-error' : undefined}>
      <legend>Ereignisse</legend>
      {webhookEventTypes.map((type, index) => (
        <Checkbox
          key={type}
          id={index === 0 ? 'events' : `events-${type}`}
          checked={chosen.includes(type)}
          onChange={(event) => toggle(type, event.currentTarget.checked)}
          onBlur={input.onBlur}
          aria-invalid={error ? true : undefined}
          labelElement={
            <>
              {webhookEventLabels[type]} <code>{type}</code>
            </>
          }
        />
      ))}
      {error && <FormGroup intent="danger" className="webhook-events-error" helperText={<span id="events-error">{helperLine(error)}</span>} />}
    </fieldset>
  );
}

/** The signing secret of an endpoint just registered, shown this once, with a copy button. */
function SecretShownOnce({ secret }: { secret: string }) {
  return (
    <>
      <Callout intent="warning" icon="warning-sign" title={webhookTexts.secretOnce}>
        {webhookTexts.secretHint}
      </Callout>
      <CopyableField id="webhook-secret" label={webhookTexts.secretLabel} value={secret} copied={webhookTexts.copied} copyFailed={webhookTexts.copyFailed} />
    </>
  );
}

/**
 * "Webhook anlegen": URL, events, description and whether personal data is sent. After saving, the
 * same dialog shows the signing secret once; closing it forgets the secret.
 */
export function CreateWebhookDialog({ tenantId, onClose }: { tenantId: string; onClose: () => void }) {
  const [secret, setSecret] = useState<string | null>(null);
  const [startValues] = useState<WebhookFormValues>(() => ({ url: 'https://', events: [], description: '', includePersonalData: false }));
  const [create] = useMutation(CreateWebhookEndpointDocument, {
    // The new endpoint joins the list from the mutation's answer, without a refetch.
    update: (cache, { data }) => {
      const created = data?.createWebhookEndpoint.endpoint;
      if (!created) return;
      cache.updateQuery({ query: WebhookEndpointsDocument, variables: { tenantId } }, (list) =>
        list ? { ...list, webhookEndpoints: [created, ...list.webhookEndpoints.filter((endpoint) => endpoint.id !== created.id)] } : list,
      );
    },
  });
  const dialog = useSaveDialog<WebhookFormValues>({
    save: async (values) => {
      const result = await create({ variables: { tenantId, input: { url: values.url ?? '', events: values.events ?? [], description: values.description ?? '', includePersonalData: values.includePersonalData === true } } });
      setSecret(result.data?.createWebhookEndpoint.secret ?? null);
    },
    saved: webhookTexts.created,
    failed: webhookTexts.createError,
  });

  return (
    <Dialog isOpen title={secret ? 'Webhook angelegt' : webhookTexts.create} onClose={onClose} style={{ width: 'calc(100% - 40px)', maxWidth: 640 }}>
      {secret ? (
        <>
          <DialogBody>
            <SecretShownOnce secret={secret} />
          </DialogBody>
          <DialogFooter actions={<Button intent="primary" text="Schließen" onClick={onClose} />} />
        </>
      ) : (
        <Form<WebhookFormValues>
          initialValues={startValues}
          onSubmit={dialog.submit}
          validate={validate}
          decorators={dialog.decorators}
          render={({ handleSubmit, submitting }) => (
            <form noValidate ref={dialog.formRef} onSubmit={(event) => void handleSubmit(event)}>
              <DialogBody>
                <TextField name="url" id="url" label="Adresse (URL)" required type="url" helperText="Die Adresse des empfangenden Systems, z. B. https://finanzen.musterstadt.de/webhooks" />
                <EventsField />
                <TextField name="description" id="description" label="Beschreibung" optional />
                <SwitchField name="includePersonalData" label="Persönliche Daten mitsenden" hint="Name, Anschrift und Kontakt der Buchenden in Buchungsereignissen. Nur einschalten, wenn der Empfänger sie braucht." />
              </DialogBody>
              <DialogSaveFooter onCancel={onClose} saving={submitting} saveText="Anlegen" />
            </form>
          )}
        />
      )}
    </Dialog>
  );
}
