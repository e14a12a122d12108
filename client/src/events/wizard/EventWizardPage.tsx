import './eventWizard.css';
import { useQuery } from '@apollo/client/react';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { WizardEventDocument } from '../../gql/graphql';
import { EventPublicLinks } from '../../portal/PublicLinks';
import { CollapsibleSection } from '../../shared/CollapsibleSection';
import { NoTenantSelected } from '../../shared/NoTenantSelected';
import { useAppState } from '../../shared/store';
import { EventWizardForm } from './EventWizardForm';
import { emptyEventValues, toFormValues } from './eventFormValues';
import { wizardBasePath, wizardHeading, type WizardMode } from './wizardSteps';
import { PageTitle } from '../../shared/PageTitle';

export { wizardStepScreens } from './steps/stepScreens';

/**
 * The event wizard (docs/events.md): /admin/veranstaltungen/create/… creates,
 * /admin/veranstaltungen/edit/…?id= edits. This layout loads the event and holds the one form;
 * the steps are its child routes.
 */
export default function EventWizardPage() {
  const tenantId = useAppState((state) => state.currentTenantId);
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const mode: WizardMode = pathname.startsWith(wizardBasePath('edit')) ? 'edit' : 'create';
  const id = mode === 'edit' ? params.get('id') : null;
  const { data, loading, error } = useQuery(WizardEventDocument, { variables: { tenantId: tenantId ?? '', id: id ?? '' }, skip: !tenantId || !id, fetchPolicy: 'network-only' });
  if (error) console.error('Veranstaltung konnte nicht geladen werden', error);
  const event = data?.event ?? null;
  const initialValues = useMemo(() => (mode === 'create' ? emptyEventValues() : event ? toFormValues(event) : null), [mode, event]);

  let body;
  if (tenantId && initialValues && (mode === 'create' || (id && !loading)))
    return (
      <section className="admin-page event-wizard-page">
        <EventWizardForm
          key={`${tenantId}-${mode}-${id ?? ''}`}
          tenantId={tenantId}
          mode={mode}
          eventId={id}
          initialValues={initialValues}
          initialFacts={event ? { seatsSold: event.seatsSold, directLink: event.directLink } : undefined}
        />
        {event && (
          // The saved event's links (visibility changes count once saved); folded, so the steps stay in front.
          <CollapsibleSection title="Öffentliche Links" className="event-public-links" compact>
            <div className="bookable-public-links-body">
              <EventPublicLinks event={event} />
            </div>
          </CollapsibleSection>
        )}
      </section>
    );
  if (!tenantId) body = <NoTenantSelected />;
  else if (mode === 'edit' && !id) body = <NonIdealState icon="error" title="Keine Veranstaltung angegeben" description="Der Link zum Bearbeiten enthält keine Veranstaltung." />;
  else if (mode === 'edit' && loading) body = <Spinner aria-label="Daten werden geladen..." />;
  else if (!initialValues) body = <NonIdealState icon="error" title="Keine Daten vorhanden" description="Die Veranstaltung wurde nicht gefunden." />;

  return (
    <section className="admin-page event-wizard-page">
      <PageTitle>{wizardHeading(mode)}</PageTitle>
      {body}
    </section>
  );
}
