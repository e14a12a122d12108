import './publicBooking.css';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Callout, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { BookingCancellationRequestDocument, type BookingCancellationRequestQuery, ConfirmBookingCancellationDocument } from '../../gql/graphql';
import { formatCurrency, formatDateTime, formatPeriod } from '../../shared/format';
import { PublicPage } from '../../shared/PublicPage';
import { IncompleteLinkPage } from '../../shared/IncompleteLinkPage';
import { errorInfo, notify } from '../../shared/toast';
import { type CancellationConfirmation, parseCancellationConfirmation, requestCancellationPath } from './bookingLinks';

const TITLE = 'Stornierung bestätigen';
const INVALID_CODE = 'BOOKING_HOOK_INVALID';

type Outcome = { kind: 'asking' } | { kind: 'cancelled' } | { kind: 'refused'; code: string | undefined; title: string; message: string };
type PendingCancellation = BookingCancellationRequestQuery['bookingCancellationRequest'];

/**
 * /booking/verify-reject/{tenantId}?id=&hookId=: behind the mailed confirmation link. It shows the
 * cancellation the link stands for; the booking is cancelled only with the button (a POST), so a
 * mail program that opens links on its own cancels nothing.
 */
export default function ConfirmCancellationPage() {
  const { tenantId } = useParams();
  const [search] = useSearchParams();
  const link = parseCancellationConfirmation(tenantId, search);
  if (!link) {
    return <IncompleteLinkPage title={TITLE}>Der Link ist nicht vollständig. Bitte öffnen Sie ihn direkt aus der E-Mail oder kopieren Sie ihn ganz in die Adresszeile.</IncompleteLinkPage>;
  }
  return <Confirmation link={link} />;
}

function Confirmation({ link }: { link: CancellationConfirmation }) {
  const variables = { tenantId: link.tenantId, id: link.bookingId, hookId: link.hookId };
  const pending = useQuery(BookingCancellationRequestDocument, { variables, fetchPolicy: 'network-only' });
  const [confirm, { loading }] = useMutation(ConfirmBookingCancellationDocument);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'asking' });
  const [withFollowingDates, setWithFollowingDates] = useState(false);
  const paidEur = pending.data?.bookingCancellationRequest.paidEur ?? null;
  const followingDates = pending.data?.bookingCancellationRequest.followingDates ?? [];
  const cancelsFollowing = withFollowingDates && followingDates.length > 0;

  const onConfirm = async () => {
    try {
      await confirm({ variables: { ...variables, withFollowingDates: cancelsFollowing } });
      setOutcome({ kind: 'cancelled' });
      notify({ type: 'success', title: 'Buchung storniert', message: cancelsFollowing ? `Die Buchung ${link.bookingId} und die folgenden Termine der Serie sind storniert.` : `Die Buchung ${link.bookingId} ist storniert.` });
    } catch (error) {
      const info = errorInfo(error);
      const refused = { title: info.title ?? 'Stornierung fehlgeschlagen', message: info.message ?? 'Bitte versuchen Sie es später erneut.' };
      setOutcome({ kind: 'refused', code: info.code, ...refused });
      notify({ type: 'danger', ...refused });
    }
  };

  if (outcome.kind === 'cancelled') {
    return (
      <PublicPage title="Buchung storniert">
        <Callout intent="success" title="Die Buchung ist storniert" className="public-callout">
          {cancelsFollowing ? `Ihre Buchung ${link.bookingId} und ${laterDatesSubject(followingDates.length)} der Serie wurden storniert.` : `Ihre Buchung ${link.bookingId} wurde storniert.`} Eine Bestätigung erhalten Sie per E-Mail.
          {paidEur ? <> {refundText(paidEur)}</> : null}
        </Callout>
      </PublicPage>
    );
  }
  if (pending.loading) {
    return (
      <PublicPage title={TITLE}>
        <Spinner aria-label="Daten werden geladen..." />
      </PublicPage>
    );
  }
  const readFailure = pending.error ? errorInfo(pending.error) : null;
  if (readFailure?.code === INVALID_CODE || (outcome.kind === 'refused' && outcome.code === INVALID_CODE)) {
    const message = outcome.kind === 'refused' ? outcome.message : readFailure?.message;
    return (
      <PublicPage title={TITLE}>
        <Callout intent="warning" title="Link ungültig" className="public-callout">
          {message ?? 'Der Link ist ungültig oder wurde bereits verwendet.'} Links zur Bestätigung gelten 7 Tage; eine bereits stornierte Buchung braucht keine Bestätigung mehr.
        </Callout>
        <div className="public-links">
          <Link to={requestCancellationPath(link.tenantId, link.bookingId)}>Stornierung erneut anfragen</Link>
        </div>
      </PublicPage>
    );
  }
  return (
    <PublicPage title={TITLE}>
      {outcome.kind === 'refused' ? (
        <Callout intent="warning" title={outcome.title} className="public-callout">
          {outcome.message}
        </Callout>
      ) : readFailure ? (
        <Callout intent="warning" title={readFailure.title ?? 'Daten nicht verfügbar'} className="public-callout">
          {readFailure.message ?? 'Die Angaben zur Stornierung konnten nicht geladen werden.'}
        </Callout>
      ) : null}
      {pending.data ? <CancellationFacts cancellation={pending.data.bookingCancellationRequest} /> : null}
      {paidEur ? (
        <Callout intent="primary" title="Bereits bezahlt" className="public-callout">
          {refundText(paidEur)}
        </Callout>
      ) : null}
      {followingDates.length > 0 ? (
        <RadioGroup label="Die Buchung ist ein Termin einer Serie. Was möchten Sie stornieren?" name="cancel-scope" selectedValue={withFollowingDates ? 'following' : 'one'} onChange={(event) => setWithFollowingDates(event.currentTarget.value === 'following')}>
          <Radio value="one" label="Nur diesen Termin" />
          <Radio value="following" label={`Diesen und ${laterDatesText(followingDates.length)} der Serie`} />
        </RadioGroup>
      ) : null}
      {cancelsFollowing ? (
        <ul className="following-dates" aria-label="Folgende Termine, die mit storniert werden">
          {followingDates.map((date) => (
            <li key={date.bookingId}>
              {date.timeBegin ? formatPeriod(date.timeBegin, date.timeEnd) : 'ohne Zeit'} (Buchung <span className="booking-number-inline">{date.bookingId}</span>)
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        Möchten Sie {cancelsFollowing ? 'diese Termine' : <>die Buchung <strong className="booking-number-inline">{link.bookingId}</strong></>} wirklich stornieren? Das lässt sich nicht rückgängig machen.
      </p>
      <Button intent="danger" text="Stornierung bestätigen" loading={loading} onClick={() => void onConfirm()} fill />
      <p className="bp6-text-muted keep-booking-note">Möchten Sie die Buchung behalten, schließen Sie diese Seite einfach.</p>
    </PublicPage>
  );
}

/** "den folgenden Termin" or "die 3 folgenden Termine" (what is cancelled). */
const laterDatesText = (count: number): string => (count === 1 ? 'den folgenden Termin' : `die ${count} folgenden Termine`);
/** "der folgende Termin" or "die 3 folgenden Termine" (what was cancelled). */
const laterDatesSubject = (count: number): string => (count === 1 ? 'der folgende Termin' : `die ${count} folgenden Termine`);

/** The platform refunds nothing itself: the customer learns who does. */
const refundText = (paidEur: number): string =>
  `Sie haben für diese Buchung bereits ${formatCurrency(paidEur)} bezahlt. Die Erstattung erfolgt nicht automatisch: Das zuständige Büro meldet sich deswegen bei Ihnen.`;

function CancellationFacts({ cancellation }: { cancellation: PendingCancellation }) {
  return (
    <dl className="status-facts">
      <div className="status-row">
        <dt>Buchungsnummer</dt>
        <dd className="booking-number-inline">{cancellation.bookingId}</dd>
      </div>
      <div className="status-row">
        <dt>{cancellation.titles.length > 1 ? 'Objekte' : 'Objekt'}</dt>
        <dd>{cancellation.titles.join(', ')}</dd>
      </div>
      {cancellation.timeBegin ? (
        <div className="status-row">
          <dt>Gebuchte Zeit</dt>
          <dd>{formatPeriod(cancellation.timeBegin, cancellation.timeEnd)}</dd>
        </div>
      ) : null}
      {cancellation.reason ? (
        <div className="status-row">
          <dt>Grund der Stornierung</dt>
          <dd>{cancellation.reason}</dd>
        </div>
      ) : null}
      <div className="status-row">
        <dt>Link gültig bis</dt>
        <dd>{formatDateTime(cancellation.validUntil)} Uhr</dd>
      </div>
    </dl>
  );
}
