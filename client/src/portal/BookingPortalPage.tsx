import './bookingPortal.css';
import { useQuery } from '@apollo/client/react';
import { Callout, H3, H4, Spinner, Tag } from '@blueprintjs/core';
import { Link, useParams } from 'react-router-dom';
import { BookingPortalDocument, type BookingPortalQuery, type BookableType, OpenAllocationRoundsDocument } from '../gql/graphql';
import { formatPeriod } from '../shared/format';
import { PublicPage } from '../shared/PublicPage';
import { errorInfo } from '../shared/toast';

type Portal = BookingPortalQuery['bookingPortal'];
type PortalBookable = Portal['bookables'][number];

/** The kinds in the order a citizen looks for them, with their headings. */
const kindSections: { type: BookableType; heading: string }[] = [
  { type: 'room', heading: 'Räume' },
  { type: 'event_location', heading: 'Veranstaltungsorte' },
  { type: 'resource', heading: 'Ressourcen' },
  { type: 'ticket', heading: 'Tickets' },
];

const checkoutPath = (tenantId: string, bookableId: string) => `/checkout?${new URLSearchParams({ id: bookableId, tenant: tenantId })}`;

/** /buchen/:tenantId: everything a tenant offers to the public, each with the way to its booking page. */
export default function BookingPortalPage() {
  const { tenantId = '' } = useParams();
  const { data, error } = useQuery(BookingPortalDocument, { variables: { tenantId } });
  if (error) {
    const notFound = errorInfo(error).code === 'GENERIC_NOT_FOUND';
    return (
      <PublicPage title="Online buchen">
        <Callout intent="warning" title={notFound ? 'Anbieter nicht gefunden' : 'Seite nicht geladen'}>
          {notFound ? 'Diesen Anbieter gibt es nicht. Bitte prüfen Sie den Link.' : 'Die Seite konnte nicht geladen werden. Bitte versuchen Sie es später erneut.'}
        </Callout>
      </PublicPage>
    );
  }
  if (!data) {
    return (
      <PublicPage title="Online buchen" wide>
        <Spinner aria-label="Daten werden geladen..." />
      </PublicPage>
    );
  }
  return <PortalContent portal={data.bookingPortal} />;
}

function PortalContent({ portal }: { portal: Portal }) {
  // A round taking applications is announced at the top; the page does not wait for it.
  const { data: rounds } = useQuery(OpenAllocationRoundsDocument, { variables: { tenantId: portal.tenantId } });
  const openRounds = rounds?.openAllocationRounds ?? [];
  const sections = kindSections.map((kind) => ({ ...kind, items: portal.bookables.filter((bookable) => bookable.type === kind.type) })).filter((section) => section.items.length > 0);
  const empty = sections.length === 0 && portal.events.length === 0;
  return (
    <PublicPage title={`Online buchen: ${portal.tenantName}`} wide>
      <p className="booking-portal-intro">
        Hier finden Sie alles, was Sie bei {portal.tenantName} ohne Benutzerkonto buchen können.
        {portal.website ? (
          <>
            {' '}
            Mehr über den Anbieter: <a href={portal.website}>{portal.website.replace(/^https?:\/\//, '')}</a>
          </>
        ) : null}
      </p>
      {openRounds.length > 0 && (
        <Callout intent="primary" title="Vergaberunde: Bewerbung um feste Zeiten" className="booking-portal-rounds">
          <p>
            Vereine, Gruppen und Schulen können sich jetzt um wöchentliche Zeiten bewerben: {openRounds.map((round) => round.title).join(', ')}.
          </p>
          <Link to={`/vergabe/${portal.tenantId}`}>Zur Bewerbung</Link>
        </Callout>
      )}
      {empty && (
        <Callout intent="primary" title="Derzeit keine Angebote">
          Im Moment gibt es hier nichts zu buchen. Bitte schauen Sie später wieder vorbei.
        </Callout>
      )}
      {portal.events.length > 0 && (
        <section className="booking-portal-section" aria-labelledby="portal-events">
          <H3 id="portal-events">Veranstaltungen</H3>
          <ul className="booking-portal-list">
            {portal.events.map((event) => (
              <li key={event.id} className="booking-portal-item" aria-label={event.name}>
                <H4>{event.name}</H4>
                {event.startsAt && <p className="booking-portal-meta">{formatPeriod(event.startsAt, event.endsAt)}</p>}
                {event.locationName && <p className="booking-portal-meta">{event.locationName}</p>}
                {event.tickets.length === 0 ? (
                  <p className="booking-portal-meta">Keine Anmeldung über diese Seite.</p>
                ) : (
                  <ul className="booking-portal-tickets">
                    {event.tickets.map((ticket) => (
                      <li key={ticket.id}>
                        <BookingLink tenantId={portal.tenantId} bookable={ticket} showTitle />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {sections.map((section) => (
        <section key={section.type} className="booking-portal-section" aria-labelledby={`portal-${section.type}`}>
          <H3 id={`portal-${section.type}`}>{section.heading}</H3>
          <ul className="booking-portal-list">
            {section.items.map((bookable) => (
              <li key={bookable.id} className="booking-portal-item" aria-label={bookable.title}>
                <H4>{bookable.title}</H4>
                {bookable.location && <p className="booking-portal-meta">{bookable.location}</p>}
                <BookingLink tenantId={portal.tenantId} bookable={bookable} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </PublicPage>
  );
}

/** The way to an object's booking page ("Festsaal: Jetzt buchen" for screen readers); objects not bookable at the moment say so instead. */
function BookingLink({ tenantId, bookable, showTitle = false }: { tenantId: string; bookable: Pick<PortalBookable, 'id' | 'title' | 'isBookable' | 'autoCommitBooking'>; showTitle?: boolean }) {
  if (!bookable.isBookable) {
    return (
      <Tag minimal intent="warning">
        {showTitle ? `${bookable.title}: derzeit nicht buchbar` : 'Derzeit nicht buchbar'}
      </Tag>
    );
  }
  const name = `${bookable.title}: ${bookable.autoCommitBooking ? 'Jetzt buchen' : 'Jetzt anfragen'}`;
  return (
    <Link className="booking-portal-link" to={checkoutPath(tenantId, bookable.id)} aria-label={name}>
      {showTitle ? name : bookable.autoCommitBooking ? 'Jetzt buchen' : 'Jetzt anfragen'}
    </Link>
  );
}
