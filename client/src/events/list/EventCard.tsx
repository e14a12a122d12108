import { Card, H4, MenuItem, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { EventCardFieldsFragment } from '../../gql/graphql';
import { EventPublicLinks, PublicLinksDialog } from '../../portal/PublicLinks';
import { CardCover, type CardActions, CardMenu } from '../../shared/list/ListCard';
import { eventDateText, eventPriceText } from './eventCardText';

export interface EventCardActions extends CardActions {
  /** Undefined leaves the entry out (no update right). */
  onDownloadParticipants?: (withLastChange: boolean) => void;
  /** A further ticket of the event ("Ermäßigt"); undefined leaves the entry out (no create right). */
  onAddTicket?: () => void;
}

/** One event in the list grid: title image, name, when and where, tags, teaser and price. */
export function EventCard({ event, onDownloadParticipants, onAddTicket, ...actions }: EventCardActions & { event: EventCardFieldsFragment }) {
  const { information } = event;
  const price = eventPriceText(event.attendees);
  const [linksOpen, setLinksOpen] = useState(false);
  return (
    <Card className="list-card" elevation={1} aria-label={information.name} role="article">
      <CardCover key={information.teaserImage} url={information.teaserImage} />
      <div className="list-card-body">
        <div className="list-card-head">
          <H4 className="list-card-title">{information.name}</H4>
          <CardMenu title={information.name} {...actions}>
            {onAddTicket && <MenuItem icon="add" text="Ticket hinzufügen" onClick={onAddTicket} />}
            {onDownloadParticipants && <MenuItem icon="download" text="Teilnehmerliste herunterladen" onClick={() => onDownloadParticipants(false)} />}
            {onDownloadParticipants && <MenuItem icon="history" text="Teilnehmerliste mit letzter Änderung" onClick={() => onDownloadParticipants(true)} />}
            <MenuItem icon="link" text="Öffentliche Links" onClick={() => setLinksOpen(true)} />
          </CardMenu>
          <PublicLinksDialog title={information.name} isOpen={linksOpen} onClose={() => setLinksOpen(false)}>
            <EventPublicLinks event={event} />
          </PublicLinksDialog>
        </div>
        <p className="event-card-when">{eventDateText(information)}</p>
        {event.eventLocation.name && <p className="event-card-where">{event.eventLocation.name}</p>}
        {!event.isPublic && (
          <div className="list-card-badges">
            <Tag intent="primary" icon="eye-off">
              nicht sichtbar
            </Tag>
          </div>
        )}
        {information.tags.length > 0 && (
          <div className="list-card-tags">
            {information.tags.map((tag) => (
              <Tag key={tag} minimal round>
                {tag}
              </Tag>
            ))}
          </div>
        )}
        <p className="list-card-description">{information.teaserText}</p>
        <div className={price === 'kostenlos' ? 'list-card-price is-free' : 'list-card-price'}>{price}</div>
      </div>
    </Card>
  );
}
