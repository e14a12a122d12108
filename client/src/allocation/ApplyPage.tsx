import './allocation.css';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Callout, Classes, H2, H3, Spinner, Tag } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  type AllocationApplicationFieldsFragment,
  type AllocationRoundFieldsFragment,
  ApplyForAllocationDocument,
  BookingPortalDocument,
  MeDocument,
  MyAllocationApplicationsDocument,
  OpenAllocationRoundsDocument,
  UpdateAllocationApplicationDocument,
  WithdrawAllocationApplicationDocument,
} from '../gql/graphql';
import { formatDateTime } from '../shared/format';
import { PublicPage } from '../shared/PublicPage';
import { notify, notifyError } from '../shared/toast';
import { applicationInput, ApplicationForm, type ApplicationValues, applicationValues } from './ApplicationForm';
import { allocationToasts } from './allocationMessages';
import { decisionText, intervalText, leftOutText, seasonText, slotText, windowText } from './allocationText';
import { wishObjectText } from './wishObject';

type Round = AllocationRoundFieldsFragment;
type Application = AllocationApplicationFieldsFragment;

const TITLE = 'Bewerbung um Hallenzeiten';

/**
 * /vergabe/:tenantId: a signed-in account applies to the tenant's open allocation rounds, changes
 * or withdraws its application while the window is open, and reads the decisions on its wishes
 * (declined ones with their reason) also after publishing. Without a session it leads to the
 * sign-in and back.
 */
export default function ApplyPage() {
  const { tenantId = '' } = useParams();
  const me = useQuery(MeDocument, { fetchPolicy: 'network-only' });
  if (me.loading && !me.data) {
    return (
      <PublicPage title={TITLE} wide>
        <Spinner aria-label="Daten werden geladen..." />
      </PublicPage>
    );
  }
  const user = me.data?.me?.user;
  if (!user) {
    const back = `/vergabe/${tenantId}`;
    return (
      <PublicPage title={TITLE}>
        <Callout intent="primary" title="Bitte melden Sie sich an">
          <p>Um sich für eine Vergaberunde zu bewerben, melden Sie sich mit Ihrem Benutzerkonto an. Danach kommen Sie hierher zurück.</p>
          <p className="allocation-form-actions">
            {/* Links that look like buttons: they lead to another page. */}
            <Link className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`} to={`/login?redirectUrl=${encodeURIComponent(back)}`}>
              Anmelden
            </Link>
            <Link className={Classes.BUTTON} to="/registrieren">
              Benutzerkonto anlegen
            </Link>
          </p>
        </Callout>
      </PublicPage>
    );
  }
  const contact = { name: [user.firstName, user.lastName].filter(Boolean).join(' '), mail: user.id, phone: user.phone ?? '' };
  return <ApplyScreen tenantId={tenantId} contact={contact} />;
}

function ApplyScreen({ tenantId, contact }: { tenantId: string; contact: { name: string; mail: string; phone: string } }) {
  const rounds = useQuery(OpenAllocationRoundsDocument, { variables: { tenantId } });
  const mine = useQuery(MyAllocationApplicationsDocument, { variables: { tenantId }, fetchPolicy: 'cache-and-network' });
  // Object titles of rounds no longer open (after publishing) come from the public portal.
  const portal = useQuery(BookingPortalDocument, { variables: { tenantId } });
  if (rounds.error || mine.error) {
    return (
      <PublicPage title={TITLE}>
        <Callout intent="warning" title="Seite nicht geladen">
          Die Vergaberunden konnten nicht geladen werden. Bitte prüfen Sie den Link oder versuchen Sie es später erneut.
        </Callout>
      </PublicPage>
    );
  }
  if (!rounds.data || !mine.data) {
    return (
      <PublicPage title={TITLE} wide>
        <Spinner aria-label="Daten werden geladen..." />
      </PublicPage>
    );
  }
  const openRounds = rounds.data.openAllocationRounds;
  const applications = mine.data.myAllocationApplications;
  const titles = new Map<string, string>();
  for (const bookable of portal.data?.bookingPortal.bookables ?? []) titles.set(bookable.id, bookable.title);
  for (const round of openRounds) for (const bookable of round.bookables) titles.set(bookable.id, bookable.title);
  const objectTitle = (id: string | null | undefined) => (id ? (titles.get(id) ?? 'Objekt') : 'Objekt');
  const earlier = applications.filter((application) => !openRounds.some((round) => round.id === application.roundId));
  const tenantName = portal.data?.bookingPortal.tenantName;

  return (
    <PublicPage title={tenantName ? `${TITLE}: ${tenantName}` : TITLE} wide>
      <p>Vereine, Gruppen und Schulen bewerben sich hier für eine Saison um feste wöchentliche Zeiten. Nach dem Ende der Bewerbungsfrist entscheidet die Verwaltung; das Ergebnis erhalten Sie per Mail und sehen es hier.</p>
      {openRounds.length === 0 && (
        <Callout intent="primary" title="Derzeit keine offene Vergaberunde">
          Im Moment nimmt dieser Anbieter keine Bewerbungen an.
        </Callout>
      )}
      {openRounds.map((round) => (
        <OpenRound key={round.id} tenantId={tenantId} round={round} application={applications.find((application) => application.roundId === round.id) ?? null} contact={contact} objectTitle={objectTitle} />
      ))}
      {earlier.length > 0 && (
        <section aria-labelledby="allocation-earlier-heading" className="allocation-section">
          <H2 id="allocation-earlier-heading" className="allocation-section-heading">
            Frühere Bewerbungen
          </H2>
          {earlier.map((application) => (
            <ApplicationSummary key={application.id} application={application} objectTitle={objectTitle} />
          ))}
        </section>
      )}
    </PublicPage>
  );
}

function OpenRound({ tenantId, round, application, contact, objectTitle }: {
  tenantId: string;
  round: Round;
  application: Application | null;
  contact: { name: string; mail: string; phone: string };
  objectTitle: (id: string | null | undefined) => string;
}) {
  const [editing, setEditing] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [apply] = useMutation(ApplyForAllocationDocument, {
    update(cache, { data }) {
      if (!data) return;
      cache.updateQuery({ query: MyAllocationApplicationsDocument, variables: { tenantId } }, (list) => (list ? { myAllocationApplications: [...list.myAllocationApplications, data.applyForAllocation] } : list));
    },
  });
  const [update] = useMutation(UpdateAllocationApplicationDocument);
  const [withdraw, { loading: withdrawingNow }] = useMutation(WithdrawAllocationApplicationDocument, {
    update(cache, { data }) {
      if (!data?.withdrawAllocationApplication || !application) return;
      cache.evict({ id: cache.identify({ __typename: 'AllocationApplication', id: application.id }) });
      cache.gc();
    },
  });
  const headingId = `round-${round.id}`;
  const submitNew = (values: ApplicationValues) => apply({ variables: { tenantId, input: { ...applicationInput(values), roundId: round.id } } });
  const submitChange = (values: ApplicationValues) => update({ variables: { tenantId, input: { ...applicationInput(values), id: application?.id } } });
  const withdrawNow = async () => {
    if (!application) return;
    try {
      await withdraw({ variables: { tenantId, id: application.id } });
      notify({ type: 'success', ...allocationToasts.withdrawn });
    } catch (failure) {
      notifyError(failure, allocationToasts.withdrawError);
    } finally {
      setWithdrawing(false);
    }
  };

  return (
    <section className="allocation-section allocation-round" aria-labelledby={headingId}>
      <H2 id={headingId} className="allocation-section-heading">
        {round.title}
      </H2>
      <dl className="allocation-facts">
        <dt>Saison</dt>
        <dd>{seasonText(round)}</dd>
        <dt>Bewerbungsfrist</dt>
        <dd>
          {windowText(round)} (bis {formatDateTime(round.applicationsUntil)} Uhr)
        </dd>
        <dt>Objekte</dt>
        <dd>{round.bookables.map((bookable) => bookable.title).join(', ')}</dd>
      </dl>
      {!application && <ApplicationForm key="new" round={round} startValues={applicationValues(null, round, contact)} submitText="Bewerbung einreichen" onSave={submitNew} />}
      {application && editing && (
        <ApplicationForm key={application.updatedAt} round={round} startValues={applicationValues(application, round, contact)} submitText="Änderungen speichern" onSave={submitChange} onCancel={() => setEditing(false)} />
      )}
      {application && !editing && (
        <>
          <ApplicationSummary
            application={application}
            objectTitle={objectTitle}
            heading={
              <>
                Ihre Bewerbung<span className="allocation-visually-hidden"> für {round.title}</span>
              </>
            }
          />
          <div className="allocation-form-actions">
            <Button icon="edit" text="Bewerbung ändern" onClick={() => setEditing(true)} />
            <Button icon="undo" intent="danger" text="Bewerbung zurückziehen" onClick={() => setWithdrawing(true)} />
          </div>
          <Alert isOpen={withdrawing} intent="danger" icon="undo" confirmButtonText="Zurückziehen" cancelButtonText="Abbrechen" loading={withdrawingNow} onConfirm={() => void withdrawNow()} onCancel={() => setWithdrawing(false)}>
            <p>Möchten Sie Ihre Bewerbung für „{round.title}“ wirklich zurückziehen? Ihre Wünsche werden gelöscht.</p>
          </Alert>
        </>
      )}
    </section>
  );
}

function WishDecision({ wish }: { wish: Application['wishes'][number] }) {
  if (wish.decision === 'GRANT') return <Tag intent="success" icon="tick">{decisionText('GRANT')}</Tag>;
  if (wish.decision === 'DECLINE') return <Tag intent="danger" icon="cross">{decisionText('DECLINE')}</Tag>;
  return <Tag icon="time">{decisionText(null)}</Tag>;
}

/** An application as its applicant reads it: each wish with its decision, the granted slot, the reason of a decline and the dates left out. */
function ApplicationSummary({ application, objectTitle, heading }: { application: Application; objectTitle: (id: string | null | undefined) => string; heading?: ReactNode }) {
  const headingId = `application-${application.id}`;
  const wishes = [...application.wishes].sort((a, b) => a.priority - b.priority);
  return (
    <div className="allocation-summary" role="region" aria-labelledby={headingId}>
      <H3 id={headingId}>
        {heading ?? application.name}
        {application.publishedAt ? ` – Ergebnis vom ${formatDateTime(application.publishedAt)}` : ''}
      </H3>
      <p className="allocation-muted">
        {application.name} · {application.contactName} · {application.mail}
        {application.phone ? ` · ${application.phone}` : ''}
        {application.registration ? ` · ${application.registration}` : ''}
      </p>
      <ol className="allocation-wishes">
        {wishes.map((wish) => (
          <li key={wish.id} className="allocation-wish" aria-label={`Wunsch ${wish.priority}`}>
            <div className="allocation-wish-head">
              <strong>Priorität {wish.priority}:</strong> {wishObjectText(wish, objectTitle)}, {slotText(wish)}, {intervalText(wish.interval)}
              {wish.participants ? `, ${wish.participants} Teilnehmende` : ''} <WishDecision wish={wish} />
            </div>
            {wish.comment && <p className="allocation-comment">Ihr Kommentar: {wish.comment}</p>}
            {wish.decision === 'GRANT' && wish.grant && (
              <p>
                Zugesagt: {objectTitle(wish.grant.bookableId)}, {slotText(wish.grant)}
                {wish.reason ? ` (Hinweis: ${wish.reason})` : ''}
              </p>
            )}
            {wish.decision === 'DECLINE' && <p>Begründung: {wish.reason}</p>}
            {wish.leftOutDates.length > 0 && <p>Nicht gebuchte Termine: {wish.leftOutDates.map(leftOutText).join(', ')}</p>}
          </li>
        ))}
      </ol>
    </div>
  );
}
