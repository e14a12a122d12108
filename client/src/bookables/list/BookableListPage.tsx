import { useQuery } from '@apollo/client/react';
import { useLoadMore } from '../../shared/list/useLoadMore';
import { Button, Callout, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
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
import { loadedNote } from '../../shared/list/listing';
import { useDebouncedValue } from '../../shared/useDebouncedValue';

/** Objects read per request; "Mehr laden" reads the next as many. */
const BOOKABLES_PER_REQUEST = 60;

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
  const [search, setSearch] = useState('');
  const sentSearch = useDebouncedValue(search.trim());
  // The server searches and pages (a city's tenant has hundreds of objects); resources and tickets newest first.
  const list = useQuery(BookablesDocument, {
    variables: { tenantId, type: kind.type, tags: selectedTags.length ? selectedTags : null, search: sentSearch || null, newestFirst: kind.reversed, first: BOOKABLES_PER_REQUEST },
    fetchPolicy: 'cache-and-network',
  });
  const page = (list.data ?? list.previousData)?.bookablePage;
  const { loadingMore, loadMore } = useLoadMore(list.fetchMore, page?.pageInfo.endCursor, 'Weitere Buchungsobjekte konnten nicht geladen werden.');
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
  const shown = page?.items ?? [];

  return (
    <section className="bookables-list">
      <PageTitle>{kind.title}</PageTitle>
      {quotaReached && (
        <Callout intent="primary" icon="info-sign" className="card-list-quota">
          {QUOTA_REACHED_TEXT}
        </Callout>
      )}
      <ListToolbar create={{ text: kind.createLabel, disabled: createDisabled, title: mayCreate ? undefined : NO_PERMISSION, onClick: () => void navigate(createUrl(kind)) }}>
        <InputGroup className="data-table-search" leftIcon="search" placeholder="Suchen" aria-label={`${kind.title} durchsuchen`} value={search} onValueChange={setSearch} />
        <TagFilter tags={tags.data?.bookableTags ?? []} selected={selectedTags} onChange={setSelectedTags} />
      </ListToolbar>
      {list.loading && !page ? (
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
          {page && (page.pageInfo.hasNextPage || page.totalCount > shown.length) ? (
            <div className="card-grid-more">
              {page.totalCount > shown.length ? <span>{loadedNote(shown.length, page.totalCount)}</span> : null}
              {page.pageInfo.hasNextPage ? <Button text="Mehr laden" icon="more" loading={loadingMore} onClick={() => void loadMore()} /> : null}
            </div>
          ) : null}
        </div>
      )}
      {deleteAlert}
    </section>
  );
}
