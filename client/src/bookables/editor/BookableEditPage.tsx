import { useQuery } from '@apollo/client/react';
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useMatches, useNavigate, useSearchParams } from 'react-router-dom';
import { BookableDocument, type BookableType } from '../../gql/graphql';
import { BookablePublicLinks } from '../../portal/PublicLinks';
import { CollapsibleSection } from '../../shared/CollapsibleSection';
import { NoTenantSelected } from '../../shared/NoTenantSelected';
import { safeInternalPath } from '../../shared/safeRedirect';
import { useAppState } from '../../shared/store';
import { BookableForm } from './BookableForm';
import { emptyFormValues, toFormValues } from './formValues';
import { PageTitle } from '../../shared/PageTitle';

const DASHBOARD = '/admin/dashboard';

/** The type a create route declares in its handle (`bookableType`), deepest route first. */
function useRouteBookableType(): BookableType | null {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const type = (match.handle as { bookableType?: BookableType } | undefined)?.bookableType;
    if (type) return type;
  }
  return null;
}

/**
 * The bookable editor (docs/bookables-and-files.md, “List and editor screens”): create without ?id= (type from the route; a ticket may
 * name its event with ?eventId=), edit with it.
 * Close, cancel and a successful save go back to ?fromRoute= (a path), else to the dashboard.
 */
export default function BookableEditPage() {
  const tenantId = useAppState((state) => state.currentTenantId);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id');
  const back = safeInternalPath(params.get('fromRoute')) ?? DASHBOARD;
  const routeType = useRouteBookableType();
  const { data, loading, error } = useQuery(BookableDocument, { variables: { tenantId: tenantId ?? '', id: id ?? '' }, skip: !tenantId || !id, fetchPolicy: 'network-only' });
  if (error) console.error('Buchungsobjekt konnte nicht geladen werden', error);

  const bookable = data?.bookable ?? null;
  // A new ticket may come from its event (?eventId=): it starts linked to it.
  const presetEventId = routeType === 'ticket' ? params.get('eventId') : null;
  const initialValues = useMemo(
    () => (id ? (bookable ? toFormValues(bookable) : null) : routeType ? { ...emptyFormValues(routeType), eventId: presetEventId || null } : null),
    [id, bookable, routeType, presetEventId],
  );
  const close = () => void navigate(back);

  let body;
  if (!tenantId) body = <NoTenantSelected />;
  else if (id && (loading || (!bookable && !error))) body = <Spinner aria-label="Daten werden geladen..." />;
  else if (id && !bookable) body = <NonIdealState icon="error" title="Keine Daten vorhanden" description="Das Buchungsobjekt wurde nicht gefunden." />;
  else if (!initialValues) body = <NonIdealState icon="error" title="Unbekannter Typ" description="Für diese Seite ist kein Typ eines Buchungsobjekts festgelegt." />;
  else body = <BookableForm key={id ?? `new-${routeType}`} tenantId={tenantId} bookableId={id} initialValues={initialValues} onDone={close} />;

  return (
    <section className="admin-page bookable-edit-page">
      <div className="bookable-edit-header">
        <PageTitle>{id ? 'Buchungsobjekt bearbeiten' : 'Buchungsobjekt erstellen'}</PageTitle>
        <Button icon="cross" variant="minimal" aria-label="Schließen" title="Schließen" onClick={close} />
      </div>
      {bookable && (
        // The saved state: the links change only once a change of visibility is saved.
        <CollapsibleSection title="Öffentliche Links" defaultOpen className="bookable-public-links" compact>
          <div className="bookable-public-links-body">
            <BookablePublicLinks bookable={bookable} />
          </div>
        </CollapsibleSection>
      )}
      {body}
    </section>
  );
}
