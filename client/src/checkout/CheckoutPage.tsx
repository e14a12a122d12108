import './checkout.css';
import { useQuery } from '@apollo/client/react';
import { Callout, Spinner } from '@blueprintjs/core';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { CheckoutBookableDocument, CheckoutPermissionDocument, type CheckoutBookableQuery } from '../gql/graphql';
import { portalPath } from '../portal/publicLinks';
import { PublicPage } from '../shared/PublicPage';
import { IncompleteLinkPage } from '../shared/IncompleteLinkPage';
import { errorInfo } from '../shared/toast';
import { type CheckoutLink, parseCheckoutLink, signInPath } from './checkoutLink';
import { CheckoutForm } from './CheckoutForm';
import { useRelatedBookables } from './useRelatedBookables';

/** /checkout?id=&tenant=&amount=: booking one object, without signing in. */
export default function CheckoutPage() {
  const [search] = useSearchParams();
  const link = parseCheckoutLink(search);
  if (!link) {
    return <IncompleteLinkPage title="Buchung">Der Link nennt kein Buchungsobjekt. Bitte öffnen Sie die Buchung erneut über die Seite Ihrer Gemeinde.</IncompleteLinkPage>;
  }
  return <CheckoutLoader key={`${link.tenantId}/${link.bookableId}`} link={link} />;
}

function CheckoutLoader({ link }: { link: CheckoutLink }) {
  const { data, error } = useQuery(CheckoutBookableDocument, { variables: { tenantId: link.tenantId, id: link.bookableId } });
  if (error) {
    // Objects restricted to named users or roles are hidden from others: ask the server why.
    if (errorInfo(error).code === 'GENERIC_NOT_FOUND') return <HiddenObject link={link} />;
    return (
      <PublicPage title="Buchung">
        <Callout intent="warning" title="Buchung nicht möglich">
          Die Seite konnte nicht geladen werden. Bitte versuchen Sie es später erneut.
        </Callout>
      </PublicPage>
    );
  }
  if (!data) return <Loading />;
  return <CheckoutReady link={link} data={data} />;
}

/** An object the page cannot show: sign in first (back to this page afterwards), not permitted, or not there. */
function HiddenObject({ link }: { link: CheckoutLink }) {
  const { pathname, search } = useLocation();
  const { error, loading } = useQuery(CheckoutPermissionDocument, { variables: { tenantId: link.tenantId, bookableId: link.bookableId }, fetchPolicy: 'network-only' });
  if (loading) return <Loading />;
  const code = error ? errorInfo(error).code : undefined;
  if (code === 'AUTH_UNAUTHENTICATED') {
    return (
      <PublicPage title="Buchung">
        <Callout intent="primary" title="Anmeldung erforderlich" className="public-callout">
          Dieses Objekt können nur berechtigte Personen buchen. Bitte melden Sie sich an; danach kommen Sie auf diese Seite zurück.
        </Callout>
        <div className="public-links">
          <Link to={signInPath(`${pathname}${search}`)}>Zur Anmeldung</Link>
        </div>
      </PublicPage>
    );
  }
  if (code === 'AUTH_FORBIDDEN') {
    return (
      <PublicPage title="Buchung">
        <Callout intent="warning" title="Keine Berechtigung">
          Sie sind nicht berechtigt, dieses Objekt zu buchen. Wenden Sie sich bei Fragen an den Anbieter.
        </Callout>
      </PublicPage>
    );
  }
  return (
    <PublicPage title="Buchung">
      <Callout intent="warning" title="Buchungsobjekt nicht gefunden">
        Dieses Objekt gibt es nicht oder es ist nicht öffentlich buchbar.
      </Callout>
      <PortalBackLink tenantId={link.tenantId} />
    </PublicPage>
  );
}

function Loading() {
  return (
    <PublicPage title="Buchung" wide>
      <Spinner aria-label="Daten werden geladen..." />
    </PublicPage>
  );
}

function CheckoutReady({ link, data }: { link: CheckoutLink; data: CheckoutBookableQuery }) {
  const bookable = data.publicBookable;
  const related = useRelatedBookables(link.tenantId, [...bookable.checkoutBookableIds.map((option) => option.bookableId), ...bookable.relatedBookableIds]);
  if (!related) return <Loading />;
  return (
    <PublicPage title={bookable.title} wide>
      {bookable.isBookable ? (
        <CheckoutForm tenantId={link.tenantId} data={data} related={related} initialAmount={link.amount} />
      ) : (
        <Callout intent="warning" title="Derzeit nicht buchbar">
          Dieses Objekt kann im Moment nicht gebucht werden.
        </Callout>
      )}
      <PortalBackLink tenantId={link.tenantId} />
    </PublicPage>
  );
}

/** Back to everything the tenant offers (its booking portal). */
function PortalBackLink({ tenantId }: { tenantId: string }) {
  return (
    <div className="public-links">
      <Link to={portalPath(tenantId)}>Alle Angebote dieses Anbieters</Link>
    </div>
  );
}
