import './publicBooking.css';
import { skipToken, useApolloClient, useQuery } from '@apollo/client/react';
import { Button, Callout, Spinner, Tag } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PublicBookingStatusDocument, type PublicBookingStatusQuery } from '../../gql/graphql';
import { useFailedSaveFeedback } from '../../shared/forms/failedSave';
import { TextField } from '../../shared/forms/TextField';
import { formatDateTime, formatPeriod } from '../../shared/format';
import { PublicPage } from '../../shared/PublicPage';
import { ticketEventFacts } from '../../shared/ticketEvent';
import { IncompleteLinkPage } from '../../shared/IncompleteLinkPage';
import { errorInfo, notifyError } from '../../shared/toast';
import { required } from '../../shared/validation';
import { type BookingLookup, bookingStatusPath, normalizeBookingNumber, parseBookingLookup, requestCancellationPath } from './bookingLinks';
import { bookingStateText, mayAskToCancel, paymentStateText, periodStateText, type StatusText } from './bookingStatusText';

const TITLE = 'Status Ihrer Buchung';
const statusFailed = { title: 'Status nicht verfügbar', message: 'Der Status konnte nicht geladen werden. Bitte versuchen Sie es später erneut.' };

interface LookupValues {
  bookingId: string;
  name: string;
}

/**
 * /booking/status/{tenantId}?id=&name=: the public status of a booking. The mailed link carries
 * booking number and name; otherwise they are asked for. Tenants can switch this view off.
 */
export default function BookingStatusPage() {
  const { tenantId } = useParams();
  const [search] = useSearchParams();
  const lookup = parseBookingLookup(tenantId, search);
  if (!lookup) {
    return <IncompleteLinkPage title={TITLE}>Der Link nennt keinen Mandanten. Bitte öffnen Sie den Link aus Ihrer Bestätigung per E-Mail.</IncompleteLinkPage>;
  }
  return <StatusLookup lookup={lookup} />;
}

function StatusLookup({ lookup }: { lookup: BookingLookup }) {
  const [, setSearch] = useSearchParams();
  const client = useApolloClient();
  const failedSave = useFailedSaveFeedback<LookupValues>();
  // Too many wrong names: the server's message says when to try again; it stays on the page.
  const [tooMany, setTooMany] = useState<{ title: string; message: string } | null>(null);
  const complete = Boolean(lookup.bookingId && lookup.name);
  const { data, error, loading } = useQuery(PublicBookingStatusDocument, complete ? { variables: { tenantId: lookup.tenantId, id: lookup.bookingId, lastname: lookup.name } } : skipToken);
  const info = error ? errorInfo(error) : null;

  if (info?.code === 'BOOKING_PUBLIC_STATUS_DISABLED') {
    return (
      <PublicPage title={TITLE}>
        <Callout intent="primary" title="Status nicht verfügbar" className="public-callout">
          {info.message} Bei Fragen zu Ihrer Buchung wenden Sie sich bitte direkt an die Verwaltung.
        </Callout>
        {lookup.bookingId ? (
          <div className="public-links">
            <Link to={requestCancellationPath(lookup.tenantId, lookup.bookingId, lookup.name)}>Buchung stornieren</Link>
          </div>
        ) : null}
      </PublicPage>
    );
  }
  if (complete && loading) {
    return (
      <PublicPage title={TITLE}>
        <Spinner aria-label="Daten werden geladen..." />
      </PublicPage>
    );
  }
  if (data) return <StatusView tenantId={lookup.tenantId} status={data.publicBookingStatus} />;

  const onSubmit = async (values: LookupValues) => {
    const id = normalizeBookingNumber(values.bookingId);
    const name = values.name.trim();
    try {
      // Asked here first, so a wrong name or number shows at its field; the page then shows the answer.
      await client.query({ query: PublicBookingStatusDocument, variables: { tenantId: lookup.tenantId, id, lastname: name }, fetchPolicy: 'network-only' });
      setTooMany(null);
      setSearch({ id, name }, { replace: true });
      return undefined;
    } catch (failure) {
      const { code, title, message } = errorInfo(failure);
      if (code === 'BOOKING_PUBLIC_STATUS_DISABLED') {
        setSearch({ id, name }, { replace: true });
        return undefined;
      }
      const notice = { [FORM_ERROR]: { title: title ?? statusFailed.title, message } };
      if (code === 'AUTH_RATE_LIMITED') {
        setTooMany({ title: title ?? 'Zu viele Versuche', message: message ?? statusFailed.message });
        return notice;
      }
      if (code === 'BOOKING_NAME_MISMATCH') return { name: message, ...notice };
      if (code === 'GENERIC_NOT_FOUND') return { bookingId: 'Diese Buchungsnummer ist nicht bekannt.', ...notice };
      notifyError(failure, statusFailed);
      return undefined;
    }
  };

  return (
    <PublicPage title={TITLE}>
      <p>Geben Sie Ihre Buchungsnummer und den Namen an, unter dem Sie gebucht haben.</p>
      {tooMany ? (
        <Callout intent="warning" title={tooMany.title} className="public-callout" role="alert">
          {tooMany.message}
        </Callout>
      ) : info ? (
        <Callout intent="warning" title={info.title ?? statusFailed.title} className="public-callout">
          {info.message ?? statusFailed.message}
        </Callout>
      ) : null}
      <Form<LookupValues>
        onSubmit={onSubmit}
        decorators={failedSave.decorators}
        initialValues={{ bookingId: lookup.bookingId, name: lookup.name }}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate ref={failedSave.formRef}>
            <TextField name="bookingId" id="status-booking-id" label="Buchungsnummer" autoComplete="off" validate={required()} autoFocus={!lookup.bookingId} />
            <TextField name="name" id="status-name" label="Name (wie bei der Buchung angegeben)" autoComplete="name" validate={required()} autoFocus={Boolean(lookup.bookingId)} />
            <Button type="submit" intent="primary" text="Status anzeigen" loading={submitting} fill />
          </form>
        )}
      />
      <div className="public-links">
        <Link to="/meine-buchungen">Buchungsnummer nicht zur Hand? Alle meine Buchungen per E-Mail-Link</Link>
      </div>
    </PublicPage>
  );
}

function StatusTag({ label, status }: { label: string; status: StatusText }) {
  return (
    <div className="status-row">
      <dt>{label}</dt>
      <dd>
        <Tag intent={status.intent} size="large" minimal>
          {status.text}
        </Tag>
      </dd>
    </div>
  );
}

function StatusView({ tenantId, status }: { tenantId: string; status: PublicBookingStatusQuery['publicBookingStatus'] }) {
  const period = periodStateText(status.status.activeStatus);
  return (
    <PublicPage title={TITLE}>
      <dl className="status-facts">
        <StatusTag label="Buchung" status={bookingStateText(status.status.bookingStatus)} />
        {/* A cancelled booking that was never paid owes nothing: no payment state to show. */}
        {status.status.paymentStatus === 'none' ? null : <StatusTag label="Zahlung" status={paymentStateText(status.status.paymentStatus)} />}
        {period ? <StatusTag label="Zeitraum" status={period} /> : null}
        <div className="status-row">
          <dt>Buchungsnummer</dt>
          <dd className="booking-number-inline">{status.bookingId}</dd>
        </div>
        <div className="status-row">
          <dt>Objekt</dt>
          <dd>{status.title}</dd>
        </div>
        {ticketEventFacts(status.events).map((fact, index) => (
          <div key={`${index}-${fact.term}`} className="status-row">
            <dt>{fact.term}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
        <div className="status-row">
          <dt>Name</dt>
          <dd>{status.name}</dd>
        </div>
        {status.timeBegin ? (
          <div className="status-row">
            <dt>Gebuchte Zeit</dt>
            <dd>{formatPeriod(status.timeBegin, status.timeEnd)}</dd>
          </div>
        ) : null}
        <div className="status-row">
          <dt>Gebucht am</dt>
          <dd>{formatDateTime(status.timeCreated)} Uhr</dd>
        </div>
        {status.comment ? (
          <div className="status-row">
            <dt>Hinweise</dt>
            <dd>{status.comment}</dd>
          </div>
        ) : null}
      </dl>
      <div className="public-links">
        {mayAskToCancel(status.status) ? <Link to={requestCancellationPath(tenantId, status.bookingId, status.name)}>Stornierung anfragen</Link> : null}
        <Link to={bookingStatusPath(tenantId)}>Andere Buchung abfragen</Link>
        <Link to="/meine-buchungen">Alle meine Buchungen</Link>
      </div>
    </PublicPage>
  );
}
