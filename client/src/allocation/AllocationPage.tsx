import './allocation.css';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Callout, Card, H2, H3, Icon, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  AllocationGridDocument,
  type AllocationRoundDetailFieldsFragment,
  AllocationRoundDocument,
  type AllocationDecision,
  DecideAllocationWishDocument,
  PublishAllocationRoundDocument,
} from '../gql/graphql';
import { formatDateTime } from '../shared/format';
import { NoTenantSelected } from '../shared/NoTenantSelected';
import { PageTitle } from '../shared/PageTitle';
import { allowManageAllocationRounds, viewerOf } from '../shared/rights';
import { useAppState } from '../shared/store';
import { notify, notifyError } from '../shared/toast';
import { AllocationGridView } from './AllocationGridView';
import { allocationToasts } from './allocationMessages';
import { decisionText, historyActionText, intervalText, leftOutText, roundStateLabels, seasonText, slotText, snapshotText, windowText } from './allocationText';
import { DecisionDialog, type DecisionValues } from './DecisionDialog';
import { publishBlocker } from './allocationRules';
import { wishObjectText } from './wishObject';

type Round = AllocationRoundDetailFieldsFragment;
type Application = Round['applications'][number];
type Wish = Application['wishes'][number];

/**
 * The allocation screen of a round (/admin/vergaberunden/:roundId): the grid of the round's objects
 * by weekday and hour with the wishes and grants and their conflicts, every application with its
 * wishes and each wish's conflicts and decision, the history, and publishing.
 */
export default function AllocationPage() {
  const tenantId = useAppState((state) => state.currentTenantId);
  const { roundId = '' } = useParams();
  if (!tenantId) return <NoTenantSelected />;
  return <AllocationScreen key={`${tenantId}-${roundId}`} tenantId={tenantId} roundId={roundId} />;
}

interface PendingDecision {
  mode: AllocationDecision;
  wish: Wish;
  applicantName: string;
}

function AllocationScreen({ tenantId, roundId }: { tenantId: string; roundId: string }) {
  const variables = { tenantId, id: roundId };
  const { data, error } = useQuery(AllocationRoundDocument, { variables, fetchPolicy: 'cache-and-network' });
  const grid = useQuery(AllocationGridDocument, { variables: { tenantId, roundId }, fetchPolicy: 'cache-and-network' });
  // A decision changes the conflicts of other wishes and the grid: both are read again.
  const reread = { refetchQueries: [{ query: AllocationRoundDocument, variables }, { query: AllocationGridDocument, variables: { tenantId, roundId } }], awaitRefetchQueries: true };
  const [decide] = useMutation(DecideAllocationWishDocument, reread);
  const [publish, { loading: publishing }] = useMutation(PublishAllocationRoundDocument, { refetchQueries: [{ query: AllocationGridDocument, variables: { tenantId, roundId } }] });
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const [confirmingPublish, setConfirmingPublish] = useState(false);
  const viewer = viewerOf(useAppState((state) => state.user));
  const mayDecide = allowManageAllocationRounds(viewer, tenantId);

  if (error && !data) {
    return (
      <section className="admin-page">
        <PageTitle>Vergaberunde</PageTitle>
        <NonIdealState icon="error" title="Vergaberunde nicht geladen" description={error.message} action={<Link to="/admin/vergaberunden">Zu den Vergaberunden</Link>} />
      </section>
    );
  }
  if (!data) return <Spinner aria-label="Daten werden geladen..." />;
  const round = data.allocationRound;
  const open = round.state === 'OPEN';
  const objectTitle = (id: string | null | undefined) => round.bookables.find((bookable) => bookable.id === id)?.title ?? 'unbekanntes Objekt';
  const blocker = publishBlocker(round);

  const grantAsWished = async (wish: Wish) => {
    try {
      await decide({ variables: { tenantId, input: { wishId: wish.id, decision: 'GRANT' } } });
      notify({ type: 'success', ...allocationToasts.granted });
    } catch (failure) {
      notifyError(failure, allocationToasts.decisionError);
    }
  };
  const decideWith = async (wish: Wish, values: DecisionValues) => {
    const input =
      values.decision === 'DECLINE'
        ? { wishId: wish.id, decision: values.decision, reason: values.reason.trim() }
        : { wishId: wish.id, decision: values.decision, bookableId: values.bookableId || null, weekday: values.weekday || null, timeBegin: values.timeBegin.trim(), timeEnd: values.timeEnd.trim(), reason: values.reason.trim() };
    await decide({ variables: { tenantId, input } });
  };
  const publishRound = async () => {
    try {
      await publish({ variables: { tenantId, id: round.id } });
      notify({ type: 'success', ...allocationToasts.published });
    } catch (failure) {
      notifyError(failure, allocationToasts.publishError);
    } finally {
      setConfirmingPublish(false);
    }
  };

  return (
    <section className="admin-page allocation-page">
      <p className="allocation-back">
        <Link to="/admin/vergaberunden">
          <Icon icon="arrow-left" aria-hidden="true" /> Alle Vergaberunden
        </Link>
      </p>
      <PageTitle>{round.title}</PageTitle>
      <dl className="allocation-facts">
        <dt>Saison</dt>
        <dd>{seasonText(round)}</dd>
        <dt>Bewerbungsfrist</dt>
        <dd>{windowText(round)}</dd>
        <dt>Status</dt>
        <dd>
          {roundStateLabels[round.state]}
          {round.publishedAt ? ` am ${formatDateTime(round.publishedAt)}` : ''}
        </dd>
        <dt>Bewerbungen</dt>
        <dd>
          {round.applications.length}, davon {round.undecidedCount === 1 ? '1 Wunsch' : `${round.undecidedCount} Wünsche`} offen
        </dd>
      </dl>

      {open && mayDecide && (
        <Card className="allocation-publish" aria-labelledby="allocation-publish-heading">
          <H2 id="allocation-publish-heading" className="allocation-section-heading">
            Veröffentlichen
          </H2>
          <p>Beim Veröffentlichen wird jede Zusage als Serie über die Saison gebucht; jede Bewerbung erhält eine Mail mit ihrem Ergebnis. Danach lässt sich nichts mehr ändern.</p>
          <Button intent="primary" icon="send-message" text="Veröffentlichen" disabled={blocker !== null} aria-describedby={blocker ? 'allocation-publish-blocker' : undefined} onClick={() => setConfirmingPublish(true)} />
          {blocker && (
            <p id="allocation-publish-blocker" className="allocation-blocker">
              <Icon icon="info-sign" aria-hidden="true" /> {blocker}
            </p>
          )}
        </Card>
      )}
      {round.state === 'PUBLISHED' && <PublishedResult round={round} objectTitle={objectTitle} />}

      <section aria-labelledby="allocation-grid-heading">
        <H2 id="allocation-grid-heading" className="allocation-section-heading">
          Belegung nach Wochentag und Uhrzeit
        </H2>
        {grid.data ? <AllocationGridView rows={grid.data.allocationGrid.rows} /> : <Spinner size={20} aria-label="Belegung wird geladen..." />}
      </section>

      <section aria-labelledby="allocation-applications-heading">
        <H2 id="allocation-applications-heading" className="allocation-section-heading">
          Bewerbungen
        </H2>
        {round.applications.length === 0 && <p className="allocation-muted">Noch keine Bewerbungen.</p>}
        {round.applications.map((application) => (
          <ApplicationCard
            key={application.id}
            application={application}
            objectTitle={objectTitle}
            mayDecide={open && mayDecide}
            onGrant={(wish) => void grantAsWished(wish)}
            onDecide={(mode, wish) => setPending({ mode, wish, applicantName: application.name })}
          />
        ))}
      </section>

      <History round={round} objectTitle={objectTitle} />

      {pending && (
        <DecisionDialog
          mode={pending.mode}
          wish={{ ...pending.wish, applicantName: pending.applicantName }}
          objects={pending.wish.bookableType && !pending.wish.bookableId ? round.bookables.filter((bookable) => bookable.type === pending.wish.bookableType) : round.bookables}
          onDecide={(values) => decideWith(pending.wish, values)}
          onClose={() => setPending(null)}
        />
      )}
      <Alert
        isOpen={confirmingPublish}
        intent="primary"
        icon="send-message"
        confirmButtonText="Veröffentlichen"
        cancelButtonText="Abbrechen"
        loading={publishing}
        onConfirm={() => void publishRound()}
        onCancel={() => setConfirmingPublish(false)}
      >
        <p>
          Möchten Sie die Vergaberunde „{round.title}“ jetzt veröffentlichen? Alle Zusagen werden als Serien gebucht und jede Bewerbung erhält ihr Ergebnis per Mail. Danach können Sie nichts mehr ändern.
        </p>
      </Alert>
    </section>
  );
}

function DecisionTag({ wish }: { wish: Wish }) {
  if (wish.decision === 'GRANT') return <Tag intent="success" icon="tick">{decisionText('GRANT')}</Tag>;
  if (wish.decision === 'DECLINE') return <Tag intent="danger" icon="cross">{decisionText('DECLINE')}</Tag>;
  return <Tag icon="time">{decisionText(null)}</Tag>;
}

function ApplicationCard({ application, objectTitle, mayDecide, onGrant, onDecide }: {
  application: Application;
  objectTitle: (id: string | null | undefined) => string;
  mayDecide: boolean;
  onGrant: (wish: Wish) => void;
  onDecide: (mode: AllocationDecision, wish: Wish) => void;
}) {
  const headingId = `application-${application.id}`;
  const wishes = [...application.wishes].sort((a, b) => a.priority - b.priority);
  return (
    <Card className="allocation-application" role="region" aria-labelledby={headingId}>
      <H3 id={headingId}>{application.name}</H3>
      <p className="allocation-muted">
        {application.contactName} · <a href={`mailto:${application.mail}`}>{application.mail}</a>
        {application.phone ? ` · ${application.phone}` : ''}
        {application.registration ? ` · Registernummer ${application.registration}` : ''} · eingereicht am {formatDateTime(application.createdAt)}
      </p>
      <ol className="allocation-wishes">
        {wishes.map((wish) => {
          const label = `Wunsch ${wish.priority} von ${application.name}`;
          return (
            <li key={wish.id} className="allocation-wish" aria-label={label}>
              <div className="allocation-wish-head">
                <strong>Priorität {wish.priority}:</strong> {wishObjectText(wish, objectTitle)}, {slotText(wish)}, {intervalText(wish.interval)}, {wish.participants} Teilnehmende <DecisionTag wish={wish} />
              </div>
              {wish.comment && <p className="allocation-comment">Kommentar: {wish.comment}</p>}
              {wish.decision === 'GRANT' && wish.grant && (
                <p>
                  Zugesagt: {objectTitle(wish.grant.bookableId)}, {slotText(wish.grant)}
                  {wish.reason ? ` (Hinweis: ${wish.reason})` : ''}
                </p>
              )}
              {wish.decision === 'DECLINE' && <p>Begründung der Absage: {wish.reason}</p>}
              <WishConflicts wish={wish} />
              {mayDecide && (
                <div className="allocation-wish-actions" role="group" aria-label={`Entscheidung zu ${label}`}>
                  {wish.bookableId ? (
                    <>
                      <Button size="small" intent="success" icon="tick" text="Zusagen" onClick={() => onGrant(wish)} />
                      <Button size="small" icon="edit" text="Zusagen mit anderer Zeit" onClick={() => onDecide('GRANT', wish)} />
                    </>
                  ) : (
                    // A wish for a kind of object is granted with an object staff choose: the dialog asks for it.
                    <Button size="small" intent="success" icon="tick" text="Objekt wählen und zusagen" onClick={() => onDecide('GRANT', wish)} />
                  )}
                  <Button size="small" intent="danger" icon="cross" text="Absagen" onClick={() => onDecide('DECLINE', wish)} />
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

function WishConflicts({ wish }: { wish: Wish }) {
  const { wishes, dates } = wish.conflicts;
  if (wishes.length === 0 && dates.length === 0) return null;
  return (
    <div className="allocation-wish-conflicts">
      {wishes.length > 0 && (
        <p className="allocation-conflict-line">
          <Icon icon="warning-sign" aria-hidden="true" /> <strong>Konflikt:</strong> überschneidet sich mit {wishes.map((other) => `${other.applicantName} (${other.granted ? 'zugesagt' : 'Wunsch'})`).join(', ')}
        </p>
      )}
      {dates.length > 0 && (
        <p>
          <Icon icon="calendar" aria-hidden="true" /> Nicht buchbare Termine der Saison: {dates.map(leftOutText).join(', ')}
        </p>
      )}
    </div>
  );
}

/** After publishing: per application the series booked and the dates left out, and the declined wishes. */
function PublishedResult({ round, objectTitle }: { round: Round; objectTitle: (id: string | null | undefined) => string }) {
  return (
    <Callout intent="success" title="Ergebnis der Veröffentlichung" className="allocation-result">
      <ul>
        {round.applications.map((application) => (
          <li key={application.id}>
            <strong>{application.name}</strong>
            <ul>
              {application.wishes.map((wish) => (
                <li key={wish.id}>
                  {wish.decision === 'GRANT' && wish.grant ? (
                    <>
                      {wish.seriesId ? 'Serie angelegt' : 'Noch nicht gebucht'}: {objectTitle(wish.grant.bookableId)}, {slotText(wish.grant)}
                      {wish.leftOutDates.length > 0 ? `; ausgelassen: ${wish.leftOutDates.map(leftOutText).join(', ')}` : '; alle Termine gebucht'}
                    </>
                  ) : (
                    <>Abgesagt: {slotText(wish)} ({wish.reason})</>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Callout>
  );
}

function History({ round, objectTitle }: { round: Round; objectTitle: (id: string) => string }) {
  const applicantOf = (wishId: string | null) => round.applications.find((application) => application.wishes.some((wish) => wish.id === wishId));
  const wishOf = (wishId: string | null) => round.applications.flatMap((application) => application.wishes).find((wish) => wish.id === wishId);
  return (
    <section aria-labelledby="allocation-history-heading">
      <H2 id="allocation-history-heading" className="allocation-section-heading">
        Verlauf
      </H2>
      <ol className="allocation-history">
        {[...round.history].reverse().map((entry) => {
          const wish = wishOf(entry.wishId);
          return (
            <li key={entry.id}>
              <span className="allocation-muted">{formatDateTime(entry.at)}</span> · {entry.actorLabel} · {historyActionText(entry.action)}
              {entry.action === 'decided' && (
                <>
                  {wish ? ` zu Wunsch ${wish.priority} von ${applicantOf(entry.wishId)?.name ?? ''}` : ''}: {snapshotText(entry.before, objectTitle)} → {snapshotText(entry.after, objectTitle)}
                </>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
