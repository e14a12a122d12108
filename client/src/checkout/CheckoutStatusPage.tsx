import './checkout.css';
import { useMutation } from '@apollo/client/react';
import { Callout, H3, Spinner } from '@blueprintjs/core';
import { Fragment, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { requestCancellationPath } from '../bookings/public/bookingLinks';
import { type BookingFlags, fetchBookingFlags, publicErrorInfo } from '../bookings/public/publicBookingApi';
import { formatCurrency, formatPeriod } from '../shared/format';
import { ticketEventFacts } from '../shared/ticketEvent';
import { PublicPage } from '../shared/PublicPage';
import { IncompleteLinkPage } from '../shared/IncompleteLinkPage';
import { type BookedSeries, bookedLine, type CheckoutConfirmation } from './checkoutLink';
import { seriesDateState } from '../bookings/series/seriesRequest';
import { type BookingLink, parseBookingLink } from '../shared/bookingLink';
import { StartPaymentDocument } from '../gql/graphql';
import { errorInfo } from '../shared/toast';
import { type PaymentOutcome, paymentOutcomeOf, paymentRedirectionPath, paymentStep as startedPaymentStep, paysRightAfterCheckout } from '../payments/paymentRedirection';

/** "Objekt" with its title, or "Gebucht" with every object and its amount when there are several or more than one of it. */
function BookedObjects({ title, items }: { title: string; items: { title: string; amount: number }[] | undefined }) {
  if (!items || (items.length <= 1 && (items[0]?.amount ?? 1) <= 1)) {
    return (
      <>
        <dt>Objekt</dt>
        <dd>{title}</dd>
      </>
    );
  }
  return (
    <>
      <dt>Gebucht</dt>
      <dd>
        <ul className="booking-items">
          {items.map((item, index) => (
            <li key={`${index}-${item.title}`}>{bookedLine(item)}</li>
          ))}
        </ul>
      </dd>
    </>
  );
}

/** What the confirmation knows: everything right after booking, only the flags after a reload elsewhere. */
type Known = { kind: 'booked'; booking: CheckoutConfirmation } | { kind: 'flags'; flags: BookingFlags } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'loading' };

const isConfirmationOf = (state: unknown, link: BookingLink): state is CheckoutConfirmation =>
  typeof state === 'object' && state !== null && (state as CheckoutConfirmation).bookingId === link.bookingId && (state as CheckoutConfirmation).tenantId === link.tenantId;

/**
 * /checkout/status?id=&tenant=: what happened to the booking (received and awaiting release, or
 * booked), its number and the next step. The booking page hands over the details; a visit without
 * them (the return from a payment provider) asks the server for the flags.
 */
export default function CheckoutStatusPage() {
  const [search] = useSearchParams();
  const { state } = useLocation();
  const link = parseBookingLink(search);
  const outcome = paymentOutcomeOf(search);
  const handedOver = link && isConfirmationOf(state, link) ? state : null;
  const [fetched, setFetched] = useState<Known>({ kind: 'loading' });
  const tenantId = link?.tenantId;
  const bookingId = link?.bookingId;

  useEffect(() => {
    if (!tenantId || !bookingId || handedOver) return;
    let current = true;
    fetchBookingFlags(tenantId, bookingId).then(
      (flags) => current && setFetched({ kind: 'flags', flags }),
      (error: unknown) => current && setFetched({ kind: publicErrorInfo(error).code === 'GENERIC_NOT_FOUND' ? 'missing' : 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [tenantId, bookingId, handedOver]);

  if (!link) {
    return <IncompleteLinkPage title="Buchungsstatus">Der Link nennt keine Buchung. Ihre Buchungsnummer finden Sie in der Bestätigung per E-Mail.</IncompleteLinkPage>;
  }
  const known: Known = handedOver ? { kind: 'booked', booking: handedOver } : fetched;
  if (known.kind === 'loading') {
    return (
      <PublicPage title="Buchungsstatus">
        <Spinner aria-label="Daten werden geladen..." />
      </PublicPage>
    );
  }
  if (known.kind === 'missing' || known.kind === 'failed') {
    return (
      <PublicPage title="Buchungsstatus">
        <Callout intent="warning" title={known.kind === 'missing' ? 'Buchung nicht gefunden' : 'Status nicht verfügbar'}>
          {known.kind === 'missing' ? `Eine Buchung ${link.bookingId} gibt es nicht.` : 'Der Status konnte nicht geladen werden. Bitte versuchen Sie es später erneut.'}
        </Callout>
      </PublicPage>
    );
  }

  const flags = known.kind === 'booked' ? known.booking : known.flags;
  const booking = known.kind === 'booked' ? known.booking : null;
  const facts = known.kind === 'booked' ? known.booking : known.flags;
  const tenantName = known.kind === 'flags' ? known.flags.tenantName : '';
  return (
    <PublicPage title={flags.isCommitted ? 'Buchung bestätigt' : 'Anfrage eingegangen'}>
      {outcome ? (
        <PaymentOutcomeCallout outcome={flags.isPayed ? 'paid' : outcome} link={link} />
      ) : booking && paysRightAfterCheckout(booking) ? (
        <PaymentStart booking={booking} />
      ) : (
        <Callout intent="success" title="Vielen Dank!" className="public-callout">
          {flags.isCommitted ? 'Ihre Buchung ist bestätigt.' : 'Ihre Buchungsanfrage ist eingegangen und wartet auf die Freigabe.'}
        </Callout>
      )}
      <p className="booking-number-box">
        Ihre Buchungsnummer
        <strong className="booking-number">{link.bookingId}</strong>
        Bitte geben Sie sie bei Rückfragen an.
      </p>
      <dl className="booking-facts">
        {tenantName ? (
          <>
            <dt>Gebucht bei</dt>
            <dd>{tenantName}</dd>
          </>
        ) : null}
        <BookedObjects title={facts.title} items={facts.items} />
        {ticketEventFacts(facts.events ?? []).map((fact, index) => (
          <Fragment key={`${index}-${fact.term}`}>
            <dt>{fact.term}</dt>
            <dd>{fact.value}</dd>
          </Fragment>
        ))}
        {facts.timeBegin ? (
          <>
            <dt>Zeitraum</dt>
            <dd>{formatPeriod(facts.timeBegin, facts.timeEnd)}</dd>
          </>
        ) : null}
        <dt>Gesamtpreis</dt>
        <dd>{formatCurrency(facts.priceEur)}</dd>
      </dl>
      {booking?.series ? <SeriesDates series={booking.series} /> : null}
      <H3>Wie geht es weiter?</H3>
      <ul className="next-steps">
        {/* Right after booking the checkout has enqueued the customer's mail; on a later visit it is not this page's news. */}
        {booking ? <li>{`Wir haben Ihnen eine Bestätigung an ${booking.mail} gesendet.`}</li> : null}
        {flags.isCommitted ? null : <li>Die Verwaltung prüft Ihre Anfrage. Über die Freigabe informieren wir Sie per E-Mail.</li>}
        {flags.isPayed ? (
          facts.priceEur === 0 ? <li>Es ist nichts zu bezahlen.</li> : null
        ) : (
          <li>
            <strong>Zahlung folgt:</strong> {paymentStep(facts.paymentProvider, flags.isCommitted, tenantName)}
          </li>
        )}
      </ul>
      <div className="public-links">
        <Link to={requestCancellationPath(link.tenantId, link.bookingId)}>Buchung stornieren</Link>
      </div>
    </PublicPage>
  );
}

/** A booked series: its dates with their booking numbers, and the dates not booked with the reason. */
function SeriesDates({ series }: { series: BookedSeries }) {
  const booked = series.dates.filter((date) => date.bookingId);
  const missed = series.dates.filter((date) => !date.bookingId);
  return (
    <section className="checkout-series-booked" aria-labelledby="series-booked-heading">
      <H3 id="series-booked-heading">Gebuchte Termine ({series.description})</H3>
      <ul className="checkout-series-list" data-testid="series-booked">
        {booked.map((date) => (
          <li key={date.date}>
            {formatPeriod(date.timeBegin, date.timeEnd)} – Buchungsnummer <strong>{date.bookingId}</strong>
          </li>
        ))}
      </ul>
      {missed.length > 0 ? (
        <>
          <H3 id="series-missed-heading">Nicht gebucht</H3>
          <ul className="checkout-series-list" aria-labelledby="series-missed-heading" data-testid="series-missed">
            {missed.map((date) => (
              <li key={date.date}>
                {formatPeriod(date.timeBegin, date.timeEnd)} – {seriesDateState({ date: date.date, available: false, reason: date.reason, reasonText: date.reasonText })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

type StartState = { kind: 'starting' } | { kind: 'redirect' } | { kind: 'invoice' } | { kind: 'none' } | { kind: 'started' } | { kind: 'failed'; message: string };

/**
 * A booking released at checkout with something to pay: its payment starts here, as on the payment
 * page of the mail (startPayment), and the browser goes on to the provider's page; the invoice is
 * on its way by mail. Started once: the confirmation remembers it, so coming back from the
 * provider's page offers the payment link instead of forwarding again.
 */
function PaymentStart({ booking }: { booking: CheckoutConfirmation }) {
  const [start] = useMutation(StartPaymentDocument);
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<StartState>(booking.paymentStarted ? { kind: 'started' } : { kind: 'starting' });
  const started = useRef(booking.paymentStarted === true);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: { ...booking, paymentStarted: true } });
    start({ variables: { tenantId: booking.tenantId, bookingId: booking.bookingId } }).then(
      ({ data }) => {
        const step = data ? startedPaymentStep(data.startPayment) : ({ kind: 'none' } as const);
        if (step.kind === 'redirect') window.location.assign(step.url);
        setState({ kind: step.kind });
      },
      (error: unknown) => setState({ kind: 'failed', message: errorInfo(error).message ?? 'Die Zahlung konnte nicht gestartet werden.' }),
    );
  }, [start, navigate, location.pathname, location.search, booking]);

  const payLink = <Link to={paymentRedirectionPath(booking.tenantId, booking.bookingId)}>Jetzt bezahlen</Link>;
  if (state.kind === 'starting' || state.kind === 'redirect') {
    return (
      <Callout intent="success" title="Buchung bestätigt – weiter zur Zahlung" className="public-callout">
        <div className="payment-forwarding" role="status">
          <Spinner size={24} />
          <p>Sie werden zur Zahlung weitergeleitet …</p>
        </div>
      </Callout>
    );
  }
  if (state.kind === 'invoice') {
    return (
      <Callout intent="success" title="Vielen Dank!" className="public-callout">
        Ihre Buchung ist bestätigt. Sie zahlen per Rechnung; die Rechnung erhalten Sie per E-Mail.
      </Callout>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Callout intent="warning" title="Zahlung nicht gestartet" className="public-callout">
        Ihre Buchung ist bestätigt, aber noch nicht bezahlt. {state.message} {payLink}
      </Callout>
    );
  }
  return (
    <Callout intent="success" title="Vielen Dank!" className="public-callout">
      Ihre Buchung ist bestätigt, aber noch nicht bezahlt. {payLink}
    </Callout>
  );
}

/** After the payment provider sent the customer back: paid, failed (with a new attempt) or still pending. */
function PaymentOutcomeCallout({ outcome, link }: { outcome: PaymentOutcome; link: BookingLink }) {
  if (outcome === 'paid') {
    return (
      <Callout intent="success" title="Zahlung erfolgreich" className="public-callout">
        Vielen Dank! Ihre Zahlung ist eingegangen, die Buchung ist bezahlt. Den Zahlungsbeleg erhalten Sie per E-Mail.
      </Callout>
    );
  }
  if (outcome === 'failed') {
    return (
      <Callout intent="danger" title="Zahlung fehlgeschlagen" className="public-callout">
        Die Zahlung wurde nicht abgeschlossen; die Buchung ist noch nicht bezahlt. <Link to={paymentRedirectionPath(link.tenantId, link.bookingId)}>Erneut bezahlen</Link>
      </Callout>
    );
  }
  return (
    <Callout intent="warning" title="Zahlung wird geprüft" className="public-callout">
      Die Bestätigung des Zahlungsanbieters steht noch aus. Sobald sie eintrifft, erhalten Sie eine E-Mail.
    </Callout>
  );
}

function paymentStep(provider: string | null, released: boolean, tenantName: string): string {
  const when = released ? '' : ' nach der Freigabe';
  if (provider === 'invoice') return `Die Rechnung erhalten Sie${when} per E-Mail.`;
  if (provider) return released ? 'Sie können online bezahlen; den Link dazu haben wir Ihnen per E-Mail gesendet.' : 'Den Link zur Online-Zahlung erhalten Sie nach der Freigabe per E-Mail.';
  // No payment through the platform: the tenant is paid directly.
  return `Die Zahlung erfolgt direkt mit dem Mandanten${tenantName ? ` ${tenantName}` : ''}.`;
}
