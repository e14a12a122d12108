import { useMutation, useQuery } from '@apollo/client/react';
import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { canCreateStaffCalendarFeed } from '../../../../common/feeds/calendar-feed';
import { type CalendarFeedFieldsFragment, CalendarFeedsDocument, RevokeCalendarFeedDocument } from '../../gql/graphql';
import { creatorLabel, formatDateTime } from '../../shared/format';
import { type Column, DataTable } from '../../shared/list/DataTable';
import { useConfirmedDelete } from '../../shared/list/rowActions';
import { NoTenantSelected } from '../../shared/NoTenantSelected';
import { useAppState } from '../../shared/store';
import { notify, notifyError } from '../../shared/toast';
import { calendarFeedTexts, kindLabel } from './calendarFeedTexts';
import { CreateCalendarFeedDialog } from './CreateCalendarFeedDialog';
import { PageTitle } from '../../shared/PageTitle';

type FeedRow = CalendarFeedFieldsFragment;
const time = (value: unknown) => (value ? new Date(value as string).getTime() : null);
const objectLabel = (feed: FeedRow) => (feed.bookableId ? (feed.bookableTitle ?? 'gelöschtes Objekt') : calendarFeedTexts.allObjects);

const columns: Column<FeedRow>[] = [
  { key: 'name', header: 'Name', sortValue: (feed) => feed.name },
  { key: 'object', header: 'Objekt', render: objectLabel, sortValue: objectLabel },
  { key: 'kind', header: 'Art', render: (feed) => kindLabel(feed.kind), sortValue: (feed) => kindLabel(feed.kind) },
  { key: 'prefix', header: 'Adresse', render: (feed) => <code>{`…/ical/${feed.prefix}…`}</code> },
  { key: 'createdAt', header: 'Erstellt', render: (feed) => formatDateTime(feed.createdAt as string), sortValue: (feed) => time(feed.createdAt) },
  { key: 'createdBy', header: 'Angelegt von', render: creatorLabel, sortValue: creatorLabel },
  { key: 'lastPolledAt', header: 'Zuletzt abgerufen', render: (feed) => (feed.lastPolledAt ? formatDateTime(feed.lastPolledAt as string) : 'nie'), sortValue: (feed) => time(feed.lastPolledAt) },
];

const searchText = (feed: FeedRow) => [feed.name, objectLabel(feed), kindLabel(feed.kind), feed.prefix, creatorLabel(feed)];

/**
 * The tenant's calendar feeds (/admin/mandanten/kalender), for staff who read bookings or edit
 * objects: the list, "Abo erstellen" (the URL is shown once) and "Widerrufen".
 */
export default function CalendarFeedsPage() {
  const tenantId = useAppState((state) => state.currentTenantId);
  if (!tenantId) return <NoTenantSelected />;
  return <CalendarFeedsScreen key={tenantId} tenantId={tenantId} />;
}

function CalendarFeedsScreen({ tenantId }: { tenantId: string }) {
  const viewer = useAppState((state) => state.user);
  const { data, loading, error } = useQuery(CalendarFeedsDocument, { variables: { tenantId }, fetchPolicy: 'cache-and-network' });
  // A revoked feed leaves the list: the answer's id is evicted from the cache.
  const [revoke] = useMutation(RevokeCalendarFeedDocument, {
    update: (cache, { data: answer }) => {
      const id = answer?.revokeCalendarFeed.id;
      if (!id) return;
      cache.evict({ id: cache.identify({ __typename: 'CalendarFeed', id }) });
      cache.gc();
    },
  });
  const [creating, setCreating] = useState(false);
  if (error) console.error('Kalender-Abos nicht geladen:', error);
  const { ask, alert } = useConfirmedDelete<FeedRow>(
    async (feed) => {
      try {
        await revoke({ variables: { id: feed.id } });
        notify({ type: 'success', ...calendarFeedTexts.revoked });
      } catch (failure) {
        console.error('Kalender-Abo nicht widerrufen:', failure);
        notifyError(failure, calendarFeedTexts.revokeError);
      }
    },
    (feed) => calendarFeedTexts.revokeQuestion(feed.name),
    { confirmText: calendarFeedTexts.revoke, icon: 'disable' },
  );

  return (
    <section className="admin-page">
      <PageTitle>{calendarFeedTexts.title}</PageTitle>
      <p>{calendarFeedTexts.intro}</p>
      <DataTable
        label={calendarFeedTexts.title}
        rows={data?.calendarFeeds ?? []}
        columns={columns}
        rowKey={(feed) => feed.id}
        loading={loading && !data}
        searchText={searchText}
        initialSort={{ key: 'createdAt', direction: 'desc' }}
        create={{ text: calendarFeedTexts.create, onClick: () => setCreating(true) }}
        actions={(feed) => <Button variant="minimal" intent="danger" icon="disable" text={calendarFeedTexts.revoke} aria-label={`Kalender-Abo ${feed.name} widerrufen`} onClick={() => ask(feed)} />}
      />
      {creating && <CreateCalendarFeedDialog tenantId={tenantId} mayShowCustomers={viewer !== null && canCreateStaffCalendarFeed(viewer.permissions, tenantId)} onClose={() => setCreating(false)} />}
      {alert}
    </section>
  );
}
