import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { DeleteWebhookEndpointDocument, UpdateWebhookEndpointDocument, type WebhookEndpointFieldsFragment, WebhookEndpointsDocument } from '../../gql/graphql';
import { creatorLabel, formatDateTime } from '../../shared/format';
import { type Column, DataTable } from '../../shared/list/DataTable';
import { useConfirmedDelete } from '../../shared/list/rowActions';
import { NoTenantSelected } from '../../shared/NoTenantSelected';
import { useAppState } from '../../shared/store';
import { notify, notifyError } from '../../shared/toast';
import { CreateWebhookDialog } from './CreateWebhookDialog';
import { WebhookDeliveriesDialog } from './WebhookDeliveriesDialog';
import { endpointStatusLabels, endpointStatusOf, eventLabel, webhookTexts } from './webhookTexts';
import { PageTitle } from '../../shared/PageTitle';

type EndpointRow = WebhookEndpointFieldsFragment;
const statusIntent = { active: 'success', failing: 'warning', disabled: 'danger' } as const;
const eventsText = (endpoint: EndpointRow) => endpoint.events.map(eventLabel).join(', ');

const columns: Column<EndpointRow>[] = [
  { key: 'url', header: 'URL', render: (endpoint) => <code>{endpoint.url}</code>, sortValue: (endpoint) => endpoint.url, breakAnywhere: true },
  { key: 'description', header: 'Beschreibung', sortValue: (endpoint) => endpoint.description },
  { key: 'events', header: 'Ereignisse', render: eventsText },
  { key: 'createdAt', header: 'Angelegt', render: (endpoint) => formatDateTime(endpoint.createdAt as string), sortValue: (endpoint) => new Date(endpoint.createdAt as string).getTime() },
  { key: 'createdBy', header: 'Angelegt von', render: creatorLabel, sortValue: creatorLabel },
  {
    key: 'status',
    header: 'Status',
    render: (endpoint) => {
      const status = endpointStatusOf(endpoint);
      return (
        <>
          <Tag intent={statusIntent[status]}>{endpointStatusLabels[status]}</Tag>
          {endpoint.disabledReason && <div className="bp6-text-muted">{endpoint.disabledReason}</div>}
        </>
      );
    },
    sortValue: (endpoint) => endpointStatusLabels[endpointStatusOf(endpoint)],
  },
];

const searchText = (endpoint: EndpointRow) => [endpoint.url, endpoint.description, eventsText(endpoint), creatorLabel(endpoint)];

/**
 * The tenant's webhooks (/admin/mandanten/webhooks), for its owners: the endpoints with their
 * events and status, "Webhook anlegen" (the signing secret is shown once), the delivery log with
 * "Erneut senden" and "Testereignis senden", re-enabling a disabled endpoint, and deleting.
 */
export default function WebhooksPage() {
  const tenantId = useAppState((state) => state.currentTenantId);
  if (!tenantId) return <NoTenantSelected />;
  return <WebhooksScreen key={tenantId} tenantId={tenantId} />;
}

function WebhooksScreen({ tenantId }: { tenantId: string }) {
  const { data, loading, error } = useQuery(WebhookEndpointsDocument, { variables: { tenantId }, fetchPolicy: 'cache-and-network' });
  const [remove] = useMutation(DeleteWebhookEndpointDocument, {
    // The answer is the id: the row leaves the cached list.
    update: (cache, { data: answer }) => {
      const id = answer?.deleteWebhookEndpoint;
      if (!id) return;
      cache.updateQuery({ query: WebhookEndpointsDocument, variables: { tenantId } }, (list) => (list ? { ...list, webhookEndpoints: list.webhookEndpoints.filter((endpoint) => endpoint.id !== id) } : list));
    },
  });
  // The answer carries disabledAt: the normalized cache updates the row by its id.
  const [update] = useMutation(UpdateWebhookEndpointDocument);
  const [creating, setCreating] = useState(false);
  const [logOf, setLogOf] = useState<EndpointRow | null>(null);
  if (error) console.error('Webhooks nicht geladen:', error);
  const { ask, alert } = useConfirmedDelete<EndpointRow>(
    async (endpoint) => {
      try {
        await remove({ variables: { id: endpoint.id } });
        notify({ type: 'success', ...webhookTexts.removed });
      } catch (failure) {
        notifyError(failure, webhookTexts.removeError);
      }
    },
    (endpoint) => webhookTexts.removeQuestion(endpoint.url),
  );
  const enable = async (endpoint: EndpointRow) => {
    try {
      await update({ variables: { id: endpoint.id, input: { url: endpoint.url, events: endpoint.events, description: endpoint.description, includePersonalData: endpoint.includePersonalData }, enabled: true } });
      notify({ type: 'success', ...webhookTexts.enabled });
    } catch (failure) {
      notifyError(failure, webhookTexts.enableError);
    }
  };

  return (
    <section className="admin-page">
      <PageTitle>{webhookTexts.title}</PageTitle>
      <p>{webhookTexts.intro}</p>
      <DataTable
        label={webhookTexts.title}
        rows={data?.webhookEndpoints ?? []}
        columns={columns}
        rowKey={(endpoint) => endpoint.id}
        loading={loading && !data}
        searchText={searchText}
        initialSort={{ key: 'createdAt', direction: 'desc' }}
        create={{ text: webhookTexts.create, onClick: () => setCreating(true) }}
        actions={(endpoint) => (
          <>
            <Button variant="minimal" icon="history" text={webhookTexts.log} aria-label={`Protokoll von ${endpoint.url}`} onClick={() => setLogOf(endpoint)} />
            {endpoint.disabledAt && <Button variant="minimal" icon="play" text={webhookTexts.enable} aria-label={`Webhook ${endpoint.url} aktivieren`} onClick={() => void enable(endpoint)} />}
            <Button variant="minimal" intent="danger" icon="trash" text={webhookTexts.remove} aria-label={`Webhook ${endpoint.url} löschen`} onClick={() => ask(endpoint)} />
          </>
        )}
      />
      {creating && <CreateWebhookDialog tenantId={tenantId} onClose={() => setCreating(false)} />}
      {logOf && <WebhookDeliveriesDialog endpoint={logOf} onClose={() => setLogOf(null)} />}
      {alert}
    </section>
  );
}
