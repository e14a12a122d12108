import { useQuery } from '@apollo/client/react';
import { Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BookablePublicQuotaDocument, BookablesDocument, BookableTagsDocument } from '../../gql/graphql';
import { ListToolbar } from '../../shared/list/ListToolbar';
import { NoTenantSelected } from '../../shared/NoTenantSelected';
import { useAppState } from '../../shared/store';
import { canEditBookables } from '../../shared/permissions';
import { allowCreate, allowDelete, allowUpdate, NO_PERMISSION, viewerOf } from '../../shared/rights';
import { useRouteHandle } from '../../shared/title';
import { BookableCard } from './BookableCard';
import { type BookableKind, bookableKinds, createUrl, editUrl } from './bookableKinds';
import { TagFilter } from './TagFilter';
import { useBookableActions } from './useBookableActions';
import '../../shared/list/cardGrid.css';
import { PageTitle } from '../../shared/PageTitle';

export const QUOTA_REACHED_TEXT =
  'Sie haben die maximale Anzahl an öffentlichen Buchungsobjekten erreicht. Erweitern Sie Ihr Kontingent, oder löschen Sie nicht mehr benötigte Buchungsobjekte.';

/**
 * The list screen of one bookable type (the route handle's bookableType); see
 * docs/bookables-and-files.md, “List and editor screens”.
 */
export default function BookableListPage() {
  const { bookableType } = useRouteHandle();
  const tenantId = useAppState((state) => state.currentTenantId);
  if (!bookableType) return null;
  if (!tenantId) return <NoTenantSelected />;
  // Keyed by tenant and type: a tenant switch (or another list) starts afresh and reloads.
  return <BookableListScreen key={`${bookableType}:${tenantId}`} kind={bookableKinds[bookableType]} tenantId={tenantId} />;
}

function BookableListScreen({ kind, tenantId }: { kind: BookableKind; tenantId: string }) {
  const navigate = useNavigate();
  const user = useAppState((state) => state.user);
  const viewer = viewerOf(user);
  const [selectedTags, setSelectedTags] = useState<string[]>([]);
  const list = useQuery(BookablesDocument, {
    variables: { tenantId, type: kind.type, tags: selectedTags.length ? selectedTags : null },
    fetchPolicy: 'cache-and-network',
  });
  const tags = useQuery(BookableTagsDocument, { variables: { tenantId }, fetchPolicy: 'cache-and-network' });
  // The quota gates creating and publishing: asked only by those who may do either.
  const mayEdit = viewer !== null && canEditBookables(viewer.permissions, tenantId);
  const quota = useQuery(BookablePublicQuotaDocument, { variables: { tenantId }, fetchPolicy: 'cache-and-network', skip: !mayEdit });
  // Load failures are only logged.
  if (list.error) console.error('Buchungsobjekte nicht geladen:', list.error);
  if (tags.error) console.error('Tags nicht geladen:', tags.error);
  if (quota.error) console.error('Kontingent nicht geprüft:', quota.error);
  const { duplicate, askDelete, deleteAlert } = useBookableActions(tenantId);

  const quotaReached = quota.data?.bookablePublicQuotaAvailable === false;
  const mayCreate = allowCreate(viewer, 'manageBookables', tenantId);
  const createDisabled = !mayCreate || (kind.type === 'ticket' && quotaReached);
  const items = list.data?.bookables ?? [];
  const shown = kind.reversed ? [...items].reverse() : items;

  return (
    <section className="bookables-list">
      <PageTitle>{kind.title}</PageTitle>
      {quotaReached && (
        <Callout intent="primary" icon="info-sign" className="card-list-quota">
          {QUOTA_REACHED_TEXT}
        </Callout>
      )}
      <ListToolbar create={{ text: kind.createLabel, disabled: createDisabled, title: mayCreate ? undefined : NO_PERMISSION, onClick: () => void navigate(createUrl(kind)) }}>
        <TagFilter tags={tags.data?.bookableTags ?? []} selected={selectedTags} onChange={setSelectedTags} />
      </ListToolbar>
      {list.loading && !list.data ? (
        <NonIdealState icon={<Spinner size={24} />} title="Daten werden geladen..." />
      ) : shown.length === 0 ? (
        <NonIdealState icon="th-disconnect" title="Keine Daten vorhanden" />
      ) : (
        <div className="card-grid-area">
          <div className="card-grid" aria-label={kind.title} role="list">
            {shown.map((bookable) => (
              <div role="listitem" key={bookable.id}>
                <BookableCard
                  bookable={bookable}
                  onEdit={allowUpdate(viewer, 'manageBookables', bookable) ? () => void navigate(editUrl(kind, bookable.id)) : undefined}
                  onDuplicate={mayCreate ? () => duplicate(bookable) : undefined}
                  onDelete={allowDelete(viewer, 'manageBookables', bookable) ? () => askDelete(bookable) : undefined}
                />
              </div>
            ))}
          </div>
        </div>
      )}
      {deleteAlert}
    </section>
  );
}
