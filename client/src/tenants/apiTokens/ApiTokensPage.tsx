import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { type ApiTokenFieldsFragment, ApiTokensDocument, RevokeApiTokenDocument } from '../../gql/graphql';
import { creatorLabel, formatDate, formatDateTime } from '../../shared/format';
import { type Column, DataTable } from '../../shared/list/DataTable';
import { useConfirmedDelete } from '../../shared/list/rowActions';
import { NoTenantSelected } from '../../shared/NoTenantSelected';
import { useAppState } from '../../shared/store';
import { notify, notifyError } from '../../shared/toast';
import { apiTokenTexts, rightsLabel, statusLabels, statusOf } from './apiTokenTexts';
import { CreateApiTokenDialog } from './CreateApiTokenDialog';
import { PageTitle } from '../../shared/PageTitle';

type TokenRow = ApiTokenFieldsFragment;
const time = (value: unknown) => (value ? new Date(value as string).getTime() : null);

const statusIntent = { active: 'success', revoked: 'danger', expired: 'warning' } as const;

function Status({ token }: { token: TokenRow }) {
  const status = statusOf(token);
  return <Tag intent={statusIntent[status]}>{statusLabels[status]}</Tag>;
}

const columns: Column<TokenRow>[] = [
  { key: 'name', header: 'Name', sortValue: (token) => token.name },
  { key: 'rights', header: 'Rechte', render: rightsLabel, sortValue: rightsLabel },
  { key: 'prefix', header: 'Schlüssel', render: (token) => <code>{`${token.prefix}…`}</code> },
  { key: 'createdAt', header: 'Erstellt', render: (token) => formatDateTime(token.createdAt as string), sortValue: (token) => time(token.createdAt) },
  { key: 'createdBy', header: 'Angelegt von', render: creatorLabel, sortValue: creatorLabel },
  { key: 'expiresAt', header: 'Läuft ab', render: (token) => formatDate(token.expiresAt as string), sortValue: (token) => time(token.expiresAt) },
  { key: 'lastUsedAt', header: 'Zuletzt benutzt', render: (token) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt as string) : 'nie'), sortValue: (token) => time(token.lastUsedAt) },
  { key: 'status', header: 'Status', render: (token) => <Status token={token} />, sortValue: (token) => statusLabels[statusOf(token)] },
];

const searchText = (token: TokenRow) => [token.name, rightsLabel(token), token.prefix, creatorLabel(token)];

/**
 * The tenant's API tokens (/admin/mandanten/api-zugaenge), for its owners: the list with rights,
 * expiry, last use and status, "Zugang erstellen" (the secret is shown once) and "Widerrufen".
 */
export default function ApiTokensPage() {
  const tenantId = useAppState((state) => state.currentTenantId);
  if (!tenantId) return <NoTenantSelected />;
  return <ApiTokensScreen key={tenantId} tenantId={tenantId} />;
}

function ApiTokensScreen({ tenantId }: { tenantId: string }) {
  const { data, loading, error } = useQuery(ApiTokensDocument, { variables: { tenantId }, fetchPolicy: 'cache-and-network' });
  // The answer carries revokedAt: the normalized cache updates the row by its id.
  const [revoke] = useMutation(RevokeApiTokenDocument);
  const [creating, setCreating] = useState(false);
  if (error) console.error('API-Zugänge nicht geladen:', error);
  const { ask, alert } = useConfirmedDelete<TokenRow>(
    async (token) => {
      try {
        await revoke({ variables: { id: token.id } });
        notify({ type: 'success', ...apiTokenTexts.revoked });
      } catch (failure) {
        console.error('API-Zugang nicht widerrufen:', failure);
        notifyError(failure, apiTokenTexts.revokeError);
      }
    },
    (token) => apiTokenTexts.revokeQuestion(token.name),
    { confirmText: apiTokenTexts.revoke, icon: 'disable' },
  );

  return (
    <section className="admin-page">
      <PageTitle>{apiTokenTexts.title}</PageTitle>
      <p>{apiTokenTexts.intro}</p>
      <DataTable
        label={apiTokenTexts.title}
        rows={data?.apiTokens ?? []}
        columns={columns}
        rowKey={(token) => token.id}
        loading={loading && !data}
        searchText={searchText}
        initialSort={{ key: 'createdAt', direction: 'desc' }}
        create={{ text: apiTokenTexts.create, onClick: () => setCreating(true) }}
        actions={(token) =>
          statusOf(token) === 'revoked' ? null : (
            <Button variant="minimal" intent="danger" icon="disable" text={apiTokenTexts.revoke} aria-label={`API-Zugang ${token.name} widerrufen`} onClick={() => ask(token)} />
          )
        }
      />
      {creating && <CreateApiTokenDialog tenantId={tenantId} onClose={() => setCreating(false)} />}
      {alert}
    </section>
  );
}
