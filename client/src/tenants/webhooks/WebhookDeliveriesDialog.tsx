import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Dialog, DialogBody, DialogFooter, HTMLTable, Tag } from '@blueprintjs/core';
import { RedeliverWebhookDocument, SendTestWebhookDocument, WebhookDeliveriesDocument, type WebhookDeliveryFieldsFragment } from '../../gql/graphql';
import { formatDateTime } from '../../shared/format';
import { notify, notifyError } from '../../shared/toast';
import { deliveryStatusLabels, eventLabel, webhookTexts } from './webhookTexts';

const PAGE = 20;
const statusIntent = { PENDING: 'warning', SUCCEEDED: 'success', FAILED: 'danger' } as const;

/**
 * An endpoint's delivery log, newest first: time, event, status, answer code, duration and the
 * next attempt; "Erneut senden" per delivery and "Testereignis senden" for the endpoint.
 */
export function WebhookDeliveriesDialog({ endpoint, onClose }: { endpoint: { id: string; url: string; disabledAt?: unknown }; onClose: () => void }) {
  const variables = { endpointId: endpoint.id, first: PAGE };
  const { data, loading, fetchMore, refetch } = useQuery(WebhookDeliveriesDocument, { variables, fetchPolicy: 'cache-and-network' });
  // A new delivery (test, redelivery) is put at the top of the cached log from the mutation's answer.
  const prepend = (delivery: WebhookDeliveryFieldsFragment | undefined, cache: Parameters<NonNullable<Parameters<typeof useMutation>[1]>['update'] & object>[0]) => {
    if (!delivery) return;
    cache.updateQuery({ query: WebhookDeliveriesDocument, variables }, (page) =>
      page ? { ...page, webhookDeliveries: { ...page.webhookDeliveries, nodes: [delivery, ...page.webhookDeliveries.nodes.filter((entry) => entry.id !== delivery.id)] } } : page,
    );
  };
  const [sendTest, test] = useMutation(SendTestWebhookDocument, { update: (cache, { data: answer }) => prepend(answer?.sendTestWebhook, cache) });
  const [redeliver, redelivery] = useMutation(RedeliverWebhookDocument, { update: (cache, { data: answer }) => prepend(answer?.redeliverWebhook, cache) });
  const deliveries = data?.webhookDeliveries.nodes ?? [];
  const endCursor = data?.webhookDeliveries.endCursor ?? null;
  const disabled = Boolean(endpoint.disabledAt);

  const onTest = async () => {
    try {
      await sendTest({ variables: { endpointId: endpoint.id } });
      notify({ type: 'success', ...webhookTexts.testQueued });
    } catch (failure) {
      notifyError(failure, webhookTexts.testError);
    }
  };
  const onRedeliver = async (deliveryId: string) => {
    try {
      await redeliver({ variables: { deliveryId } });
      notify({ type: 'success', ...webhookTexts.redelivered });
    } catch (failure) {
      notifyError(failure, webhookTexts.redeliverError);
    }
  };
  const more = () =>
    void fetchMore({
      variables: { after: endCursor },
      updateQuery: (previous, { fetchMoreResult }) => ({
        ...previous,
        webhookDeliveries: { ...fetchMoreResult.webhookDeliveries, nodes: [...previous.webhookDeliveries.nodes, ...fetchMoreResult.webhookDeliveries.nodes] },
      }),
    });

  return (
    <Dialog isOpen title={webhookTexts.logTitle(endpoint.url)} onClose={onClose} style={{ width: 'calc(100% - 40px)', maxWidth: 960 }}>
      <DialogBody>
        <div className="webhook-log-actions">
          <Button icon="send-message" text={webhookTexts.sendTest} onClick={() => void onTest()} loading={test.loading} disabled={disabled} />
          <Button icon="refresh" variant="minimal" text={webhookTexts.refresh} onClick={() => void refetch()} />
        </div>
        {deliveries.length === 0 && !loading ? (
          <p>{webhookTexts.noDeliveries}</p>
        ) : (
          <HTMLTable compact striped className="webhook-log" aria-label={webhookTexts.logTitle(endpoint.url)}>
            <thead>
              <tr>
                <th scope="col">Zeitpunkt</th>
                <th scope="col">Ereignis</th>
                <th scope="col">Status</th>
                <th scope="col">Antwortcode</th>
                <th scope="col">Dauer</th>
                <th scope="col">Nächster Versuch</th>
                <th scope="col">
                  <span className="bp6-text-muted">Aktionen</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td>{formatDateTime(delivery.createdAt as string)}</td>
                  <td>{eventLabel(delivery.eventType)}</td>
                  <td>
                    <Tag intent={statusIntent[delivery.status]}>{deliveryStatusLabels[delivery.status]}</Tag>
                    {delivery.attempts > 1 && <span> ({delivery.attempts} Versuche)</span>}
                    {delivery.lastError && <div className="bp6-text-muted">{delivery.lastError}</div>}
                  </td>
                  <td>{delivery.lastStatusCode ?? '–'}</td>
                  <td>{delivery.lastDurationMs === null || delivery.lastDurationMs === undefined ? '–' : `${delivery.lastDurationMs.toLocaleString('de-DE')} ms`}</td>
                  <td>{delivery.status === 'PENDING' && delivery.nextAttemptAt ? formatDateTime(delivery.nextAttemptAt as string) : '–'}</td>
                  <td>
                    {delivery.status !== 'PENDING' && (
                      <Button
                        variant="minimal"
                        icon="repeat"
                        text={webhookTexts.redeliver}
                        aria-label={`${eventLabel(delivery.eventType)} vom ${formatDateTime(delivery.createdAt as string)} erneut senden`}
                        disabled={disabled || redelivery.loading}
                        onClick={() => void onRedeliver(delivery.id)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {endCursor && <Button text={webhookTexts.more} onClick={more} />}
            <Button intent="primary" text="Schließen" onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}
