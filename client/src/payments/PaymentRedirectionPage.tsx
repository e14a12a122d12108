import { useMutation } from '@apollo/client/react';
import { Callout, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import './payments.css';
import { parseBookingLink } from '../shared/bookingLink';
import { StartPaymentDocument } from '../gql/graphql';
import { IncompleteLinkPage } from '../shared/IncompleteLinkPage';
import { PublicPage } from '../shared/PublicPage';
import { errorInfo } from '../shared/toast';
import { type PaymentStep, paymentStep } from './paymentRedirection';

type State = { kind: 'starting' } | { kind: 'failed'; title: string; message: string } | PaymentStep;

/**
 * /payment/redirection?id=&tenant= (the link of the payment request mail): starts the payment of
 * the booking and forwards to the provider's payment page; says clearly why not when the booking
 * is not released yet, already paid, or paid by invoice (naming the invoice once it is issued;
 * opening the page again asks for no second one).
 */
export default function PaymentRedirectionPage() {
  const [search] = useSearchParams();
  const link = parseBookingLink(search);
  const [start] = useMutation(StartPaymentDocument);
  const [state, setState] = useState<State>({ kind: 'starting' });
  // Started once, also under React's development double effects: a second start would open a second payment.
  const started = useRef(false);
  const tenantId = link?.tenantId;
  const bookingId = link?.bookingId;

  useEffect(() => {
    if (!tenantId || !bookingId || started.current) return;
    started.current = true;
    start({ variables: { tenantId, bookingId } }).then(
      ({ data }) => {
        const step = data ? paymentStep(data.startPayment) : ({ kind: 'none' } as const);
        if (step.kind === 'redirect') window.location.assign(step.url);
        setState(step);
      },
      (error: unknown) => {
        const info = errorInfo(error);
        setState({
          kind: 'failed',
          title: info.title ?? 'Zahlung nicht möglich',
          message: info.message ?? 'Die Zahlung konnte nicht gestartet werden. Bitte versuchen Sie es später erneut.',
        });
      },
    );
  }, [start, tenantId, bookingId]);

  if (!link) return <IncompleteLinkPage title="Bezahlen">Der Link nennt keine Buchung. Bitte öffnen Sie den Link aus der E-Mail zur Zahlung.</IncompleteLinkPage>;
  return (
    <PublicPage title="Bezahlen">
      {state.kind === 'starting' || state.kind === 'redirect' ? (
        <div className="payment-forwarding" role="status">
          <Spinner size={24} />
          <p>Sie werden zur Zahlung weitergeleitet …</p>
        </div>
      ) : state.kind === 'failed' ? (
        <Callout intent="warning" title={state.title}>
          {state.message}
        </Callout>
      ) : state.kind === 'invoice' ? (
        <Callout intent="primary" title="Zahlung per Rechnung">
          {/* Issued or still being issued, as the server says: the page claims no mail it cannot know was sent. */}
          Für diese Buchung zahlen Sie per Rechnung.{' '}
          {state.number ? (
            <>
              Ihre Rechnung <strong>{state.number}</strong> ist ausgestellt; Sie erhalten sie per E-Mail.
            </>
          ) : (
            'Die Rechnung wird ausgestellt; Sie erhalten sie per E-Mail.'
          )}
        </Callout>
      ) : (
        <Callout intent="primary" title="Keine Online-Zahlung">
          Für diese Buchung ist keine Online-Zahlung vorgesehen.
        </Callout>
      )}
      <p className="public-links">
        <Link to={`/checkout/status?${new URLSearchParams({ id: link.bookingId, tenant: link.tenantId }).toString()}`}>Zum Status Ihrer Buchung</Link>
      </p>
    </PublicPage>
  );
}
