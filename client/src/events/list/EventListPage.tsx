import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Callout, FormGroup, NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DeleteEventCardDocument, DuplicateEventCardDocument, type EventCardFieldsFragment, EventListDocument, EventListQuotaDocument, EventListTagsDocument } from '../../gql/graphql';
import { StringMultiSelect } from '../../shared/forms/StringMultiSelect';
import '../../shared/list/cardGrid.css';
import { ListToolbar } from '../../shared/list/ListToolbar';
import { useConfirmedDelete } from '../../shared/list/rowActions';
import { NoTenantSelected } from '../../shared/NoTenantSelected';
import { canEditBookables } from '../../shared/permissions';
import { allowCreate, allowDelete, allowUpdate, NO_PERMISSION, viewerOf } from '../../shared/rights';
import { useAppState } from '../../shared/store';
import { notify, notifyError } from '../../shared/toast';
import { EVENT_QUOTA_REACHED_TEXT, eventMessages } from '../eventMessages';
import { CreateEventButton, creationPaths, defaultCreationMode } from './CreateEventButton';
import { EventCard } from './EventCard';
import './eventList.css';
import { PageTitle } from '../../shared/PageTitle';

/** Events arrive this many at a time; "Weitere Veranstaltungen laden" asks for the next. */
export const EVENT_PAGE_SIZE = 48;

/** The participants list of an event as CSV (the server's export), opened in a new window; optionally with each booking's last change. */
export const participantsUrl = (tenantId: string, eventId: string, withLastChange = false) =>
  `/csv/${encodeURIComponent(tenantId)}/events/${encodeURIComponent(eventId)}/bookings${withLastChange ? '?lastChange=true' : ''}`;

export const editEventUrl = (eventId: string) => `/admin/veranstaltungen/edit/information?id=${encodeURIComponent(eventId)}`;
/** The ticket editor with a new ticket of the event, back to this list afterwards. */
export const addTicketUrl = (eventId: string) => `/admin/tickets/create?${new URLSearchParams({ eventId, fromRoute: '/admin/veranstaltungen' })}`;

/** The events of the selected tenant (/admin/veranstaltungen). */
export default function EventListPage() {
  const tenantId = useAppState((state) => state.currentTenantId);
  if (!tenantId) return <NoTenantSelected />;
  // Keyed by tenant: a tenant switch starts afresh and reloads.
  return <EventListScreen key={tenantId} tenantId={tenantId} />;
}

// After a change the list, the tags and the public quota may all differ: refetch the active ones.
const refetchQueries = [EventListDocument, EventListTagsDocument, EventListQuotaDocument];

function EventListScreen({ tenantId }: { tenantId: string }) {
  const navigate = useNavigate();
  const viewer = viewerOf(useAppState((state) => state.user));
  const tenantSetting = useAppState((state) => state.tenant?.defaultEventCreationMode);
  const [selectedTags, setSelectedTags] = useState<string[]>([]);
  const [hidePast, setHidePast] = useState(true);
  const variables = { tenantId, tags: selectedTags.length ? selectedTags : null, includePast: !hidePast, limit: EVENT_PAGE_SIZE, offset: 0 };
  const list = useQuery(EventListDocument, { variables, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const tags = useQuery(EventListTagsDocument, { variables: { tenantId }, fetchPolicy: 'cache-and-network' });
  const mayEdit = viewer !== null && canEditBookables(viewer.permissions, tenantId);
  const quota = useQuery(EventListQuotaDocument, { variables: { tenantId }, fetchPolicy: 'cache-and-network', skip: !mayEdit });
  // Load failures are only logged.
  if (list.error) console.error('Veranstaltungen nicht geladen:', list.error);
  if (tags.error) console.error('Tags nicht geladen:', tags.error);
  if (quota.error) console.error('Kontingent nicht geprüft:', quota.error);
  const [exhausted, setExhausted] = useState(false);

  const [duplicateMutation] = useMutation(DuplicateEventCardDocument, { refetchQueries });
  const [deleteMutation] = useMutation(DeleteEventCardDocument, { refetchQueries });
  const duplicate = async (event: EventCardFieldsFragment) => {
    try {
      await duplicateMutation({ variables: { tenantId, id: event.id } });
      notify({ type: 'success', ...eventMessages.duplicated });
    } catch (failure) {
      console.error('Veranstaltung nicht dupliziert:', failure);
      notifyError(failure, eventMessages.duplicateError);
    }
  };
  const { ask: askDelete, alert: deleteAlert } = useConfirmedDelete<EventCardFieldsFragment>(
    async (event) => {
      try {
        await deleteMutation({ variables: { tenantId, id: event.id } });
        notify({ type: 'success', ...eventMessages.deleted });
      } catch (failure) {
        console.error('Veranstaltung nicht gelöscht:', failure);
        notifyError(failure, eventMessages.somethingWrong);
      }
    },
    (event) => `Möchten Sie die Veranstaltung „${event.information.name}“ wirklich löschen?`,
  );

  const events = list.data?.events ?? [];
  const loadMore = async () => {
    const more = await list.fetchMore({
      variables: { offset: events.length },
      updateQuery: (previous, { fetchMoreResult }) => ({ events: [...previous.events, ...fetchMoreResult.events] }),
    });
    if ((more.data?.events.length ?? 0) < EVENT_PAGE_SIZE) setExhausted(true);
  };
  const quotaReached = quota.data?.eventPublicQuotaAvailable === false;
  const mayCreate = allowCreate(viewer, 'manageBookables', tenantId);
  const hasMore = !exhausted && events.length > 0 && events.length % EVENT_PAGE_SIZE === 0;

  return (
    <section className="events-list">
      <PageTitle>Veranstaltungen</PageTitle>
      {quotaReached && (
        <Callout intent="primary" icon="info-sign" className="card-list-quota">
          {EVENT_QUOTA_REACHED_TEXT}
        </Callout>
      )}
      <ListToolbar
        createControl={
          <CreateEventButton
            defaultMode={defaultCreationMode(tenantSetting)}
            disabled={!mayCreate}
            title={mayCreate ? undefined : NO_PERMISSION}
            onCreate={(mode) => void navigate(creationPaths[mode])}
          />
        }
      >
        <FormGroup label="Filtern" labelFor="events-tag-filter">
          <StringMultiSelect
            id="events-tag-filter"
            items={tags.data?.eventTags ?? []}
            selected={selectedTags}
            onChange={(next) => {
              setSelectedTags(next);
              setExhausted(false);
            }}
            noResultsText="Keine Filtermöglichkeiten gefunden"
          />
        </FormGroup>
        <Switch
          className="events-hide-past"
          label="Vergangene ausblenden"
          checked={hidePast}
          onChange={(event) => {
            setHidePast(event.currentTarget.checked);
            setExhausted(false);
          }}
        />
      </ListToolbar>
      {list.loading && !list.data ? (
        <NonIdealState icon={<Spinner size={24} />} title="Daten werden geladen..." />
      ) : events.length === 0 ? (
        <NonIdealState icon="timeline-events" title="Keine Daten vorhanden" />
      ) : (
        <div className="card-grid-area">
          <div className="card-grid" aria-label="Veranstaltungen" role="list">
            {events.map((event) => (
              <div role="listitem" key={event.id}>
                <EventCard
                  event={event}
                  onEdit={allowUpdate(viewer, 'manageBookables', event) ? () => void navigate(editEventUrl(event.id)) : undefined}
                  onDuplicate={mayCreate ? () => void duplicate(event) : undefined}
                  onAddTicket={mayCreate ? () => void navigate(addTicketUrl(event.id)) : undefined}
                  onDelete={allowDelete(viewer, 'manageBookables', event) ? () => askDelete(event) : undefined}
                  onDownloadParticipants={allowUpdate(viewer, 'manageBookables', event) ? (withLastChange) => window.open(participantsUrl(tenantId, event.id, withLastChange), '_blank', 'noopener') : undefined}
                />
              </div>
            ))}
          </div>
          {hasMore && <Button className="events-more" text="Weitere Veranstaltungen laden" loading={list.loading} onClick={() => void loadMore()} />}
        </div>
      )}
      {deleteAlert}
    </section>
  );
}
