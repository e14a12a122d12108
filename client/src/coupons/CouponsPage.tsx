import { useMutation, useQuery } from '@apollo/client/react';
import { Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { type CouponFieldsFragment, CouponsDocument, DeleteCouponDocument } from '../gql/graphql';
import { formatDateTime } from '../shared/format';
import { type Column, DataTable } from '../shared/list/DataTable';
import { RowActions, useConfirmedDelete } from '../shared/list/rowActions';
import { NoTenantSelected } from '../shared/NoTenantSelected';
import { allowCreate, allowDelete, allowUpdate, NO_PERMISSION, viewerOf } from '../shared/rights';
import { useAppState } from '../shared/store';
import { notify, notifyError } from '../shared/toast';
import { CouponDialog } from './CouponDialog';
import { formatCount, formatDiscount } from './couponFormat';
import { couponMessages } from './couponMessages';
import './coupons.css';
import { PageTitle } from '../shared/PageTitle';

type CouponRow = CouponFieldsFragment;
const time = (value: unknown) => (value ? new Date(value as string).getTime() : null);

function Status({ coupon }: { coupon: CouponRow }) {
  return (
    <span className="coupon-status">
      {coupon.active ? <Tag intent="success">Aktiv</Tag> : <Tag>Inaktiv</Tag>}
      {coupon.exhausted && <Tag intent="warning">Keine Gutscheine mehr verfügbar</Tag>}
    </span>
  );
}

const columns: Column<CouponRow>[] = [
  { key: 'id', header: 'Nummer', sortValue: (coupon) => coupon.id },
  { key: 'description', header: 'Beschreibung', sortValue: (coupon) => coupon.description },
  { key: 'discount', header: 'Rabatt', render: (coupon) => formatDiscount(coupon.type, coupon.discount), sortValue: (coupon) => coupon.discount },
  { key: 'count', header: 'Anzahl', render: (coupon) => formatCount(coupon.usedAmount, coupon.maxAmount), sortValue: (coupon) => coupon.usedAmount },
  { key: 'validFrom', header: 'Gültig ab', render: (coupon) => formatDateTime(coupon.validFrom as string | null), sortValue: (coupon) => time(coupon.validFrom) },
  { key: 'validTo', header: 'Gültig bis', render: (coupon) => formatDateTime(coupon.validTo as string | null), sortValue: (coupon) => time(coupon.validTo) },
  { key: 'status', header: 'Status', render: (coupon) => <Status coupon={coupon} /> },
];

const searchText = (coupon: CouponRow) => [coupon.id, coupon.description];

/**
 * Coupons of the current tenant (/admin/gutscheine): searchable table, create, edit, delete. The
 * actions follow the manageCoupons rights the server checks: create is disabled without the create
 * flag, edit and delete show only where updateAny/deleteAny or the own flags on an own coupon allow.
 */
export default function CouponsPage() {
  const tenantId = useAppState((state) => state.currentTenantId);
  if (!tenantId) return <NoTenantSelected />;
  return <CouponsScreen key={tenantId} tenantId={tenantId} />;
}

function CouponsScreen({ tenantId }: { tenantId: string }) {
  const { data, loading, error } = useQuery(CouponsDocument, { variables: { tenantId }, fetchPolicy: 'cache-and-network' });
  const [remove] = useMutation(DeleteCouponDocument, { refetchQueries: [{ query: CouponsDocument, variables: { tenantId } }] });
  const [editing, setEditing] = useState<CouponRow | null | undefined>(undefined);
  const viewer = viewerOf(useAppState((state) => state.user));
  const mayCreate = allowCreate(viewer, 'manageCoupons', tenantId);
  if (error) console.error('Gutscheine nicht geladen:', error);
  const { ask: askDelete, alert: deleteAlert } = useConfirmedDelete<CouponRow>(
    async (coupon) => {
      try {
        await remove({ variables: { tenantId, id: coupon.id } });
        notify({ type: 'success', ...couponMessages.deleted });
      } catch (failure) {
        console.error('Gutschein nicht gelöscht:', failure);
        notifyError(failure, couponMessages.deleteError);
      }
    },
    (coupon) => `Möchten Sie den Gutschein „${coupon.id}“ wirklich löschen?`,
  );

  return (
    <section className="admin-page">
      <PageTitle>Gutscheine</PageTitle>
      <DataTable
        label="Gutscheine"
        rows={data?.coupons ?? []}
        columns={columns}
        rowKey={(coupon) => coupon.id}
        loading={loading && !data}
        searchText={searchText}
        initialSort={{ key: 'id', direction: 'asc' }}
        create={{ text: 'Gutschein erstellen', disabled: !mayCreate, title: mayCreate ? undefined : NO_PERMISSION, onClick: () => setEditing(null) }}
        actions={(coupon) => (
          <RowActions
            name={`Gutschein ${coupon.id}`}
            onEdit={allowUpdate(viewer, 'manageCoupons', coupon) ? () => setEditing(coupon) : undefined}
            onDelete={allowDelete(viewer, 'manageCoupons', coupon) ? () => askDelete(coupon) : undefined}
          />
        )}
      />
      {editing !== undefined && <CouponDialog tenantId={tenantId} coupon={editing} onClose={() => setEditing(undefined)} />}
      {deleteAlert}
    </section>
  );
}
