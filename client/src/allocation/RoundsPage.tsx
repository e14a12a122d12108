import './allocation.css';
import { useQuery } from '@apollo/client/react';
import { Button, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type AllocationRoundsQuery, AllocationRoundsDocument } from '../gql/graphql';
import { type Column, DataTable } from '../shared/list/DataTable';
import { NoTenantSelected } from '../shared/NoTenantSelected';
import { PageTitle } from '../shared/PageTitle';
import { allowManageAllocationRounds, NO_PERMISSION, viewerOf } from '../shared/rights';
import { useAppState } from '../shared/store';
import { roundStateLabels, seasonText, windowText } from './allocationText';
import { RoundDialog } from './RoundDialog';

type RoundRow = AllocationRoundsQuery['allocationRounds'][number];

function RoundState({ round }: { round: RoundRow }) {
  return round.state === 'PUBLISHED' ? (
    <Tag intent="success" icon="tick">
      {roundStateLabels.PUBLISHED}
    </Tag>
  ) : (
    <Tag intent="primary">{roundStateLabels.OPEN}</Tag>
  );
}

const columns: Column<RoundRow>[] = [
  { key: 'title', header: 'Titel', render: (round) => <Link to={`/admin/vergaberunden/${round.id}`}>{round.title}</Link>, sortValue: (round) => round.title },
  { key: 'season', header: 'Saison', render: seasonText, sortValue: (round) => round.seasonBegin },
  { key: 'window', header: 'Bewerbungsfrist', render: windowText, sortValue: (round) => round.applicationsUntil },
  { key: 'applications', header: 'Bewerbungen', render: (round) => round.applicationCount ?? '', sortValue: (round) => round.applicationCount },
  { key: 'open', header: 'Offene Wünsche', render: (round) => round.openWishCount ?? '', sortValue: (round) => round.openWishCount },
  { key: 'objects', header: 'Objekte', render: (round) => round.bookables.map((bookable) => bookable.title).join(', ') },
  { key: 'state', header: 'Status', render: (round) => <RoundState round={round} />, sortValue: (round) => round.state },
];

const searchText = (round: RoundRow) => [round.title, ...round.bookables.map((bookable) => bookable.title)];

/**
 * The tenant's allocation rounds (/admin/vergaberunden): each leads to its allocation screen;
 * staff who change bookings create and change rounds here, a published one is only shown.
 */
export default function RoundsPage() {
  const tenantId = useAppState((state) => state.currentTenantId);
  if (!tenantId) return <NoTenantSelected />;
  return <RoundsScreen key={tenantId} tenantId={tenantId} />;
}

function RoundsScreen({ tenantId }: { tenantId: string }) {
  const { data, loading, error } = useQuery(AllocationRoundsDocument, { variables: { tenantId }, fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<RoundRow | null | undefined>(undefined);
  const viewer = viewerOf(useAppState((state) => state.user));
  const mayChange = allowManageAllocationRounds(viewer, tenantId);
  if (error) console.error('Vergaberunden nicht geladen:', error);
  return (
    <section className="admin-page">
      <PageTitle>Vergaberunden</PageTitle>
      <p className="allocation-intro">Vereine, Gruppen und Schulen bewerben sich für eine Saison um feste Zeiten; hier entscheiden Sie über ihre Wünsche und veröffentlichen das Ergebnis.</p>
      <DataTable
        label="Vergaberunden"
        rows={data?.allocationRounds ?? []}
        columns={columns}
        rowKey={(round) => round.id}
        loading={loading && !data}
        searchText={searchText}
        initialSort={{ key: 'season', direction: 'desc' }}
        create={{ text: 'Vergaberunde anlegen', disabled: !mayChange, title: mayChange ? undefined : NO_PERMISSION, onClick: () => setEditing(null) }}
        actions={(round) =>
          round.state === 'PUBLISHED' || !mayChange ? (
            <Button variant="minimal" icon="eye-open" aria-label={`Vergaberunde ${round.title} ansehen`} title="Ansehen" onClick={() => setEditing(round)} />
          ) : (
            <Button variant="minimal" icon="edit" aria-label={`Vergaberunde ${round.title} bearbeiten`} title="Bearbeiten" onClick={() => setEditing(round)} />
          )
        }
      />
      {editing !== undefined && <RoundDialog tenantId={tenantId} round={editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}
