import './checkout.css';
import { useQuery } from '@apollo/client/react';
import { Callout, Spinner } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import { CheckoutBookableDocument, type CheckoutBookableQuery } from '../gql/graphql';
import { PublicPage } from '../shared/PublicPage';
import { IncompleteLinkPage } from '../shared/IncompleteLinkPage';
import { errorInfo } from '../shared/toast';
import { type CheckoutLink, parseCheckoutLink } from './checkoutLink';
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
    const notFound = errorInfo(error).code === 'GENERIC_NOT_FOUND';
    return (
      <PublicPage title="Buchung">
        <Callout intent="warning" title={notFound ? 'Buchungsobjekt nicht gefunden' : 'Buchung nicht möglich'}>
          {notFound ? 'Dieses Objekt gibt es nicht oder es ist nicht öffentlich buchbar.' : 'Die Seite konnte nicht geladen werden. Bitte versuchen Sie es später erneut.'}
        </Callout>
      </PublicPage>
    );
  }
  if (!data) return <Loading />;
  return <CheckoutReady link={link} data={data} />;
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
    </PublicPage>
  );
}
