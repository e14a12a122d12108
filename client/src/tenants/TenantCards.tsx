import { Card, Classes, H4 } from '@blueprintjs/core';
import type { TenantSummary } from '../shared/store';

/** One card per tenant; a click or Enter/Space chooses it, the current one is shown pressed. */
export function TenantCards({ tenants, currentTenantId, onChoose }: { tenants: TenantSummary[]; currentTenantId: string | null; onChoose: (tenant: TenantSummary) => void }) {
  return (
    <div className="tenant-cards">
      {tenants.map((tenant) => (
        <Card
          key={tenant.id}
          interactive
          selected={tenant.id === currentTenantId}
          className="tenant-card"
          role="button"
          tabIndex={0}
          aria-pressed={tenant.id === currentTenantId}
          onClick={() => onChoose(tenant)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              onChoose(tenant);
            }
          }}
        >
          <H4>{tenant.name}</H4>
          <p className={Classes.TEXT_MUTED}>{tenant.location}</p>
        </Card>
      ))}
    </div>
  );
}
