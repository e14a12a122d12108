import { Card, H4, Icon, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { BookableFieldsFragment } from '../../gql/graphql';
import { FREE_TEXT } from '../../shared/format';
import { type BookableCardActions, BookableCardMenu } from './BookableCardMenu';
import { priceText, shortDescription } from './cardText';

/** The cover image; a placeholder when there is none or it cannot be loaded. */
function BookableCover({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="bookables-card-cover">
      {url && !failed ? <img src={url} alt="" loading="lazy" onError={() => setFailed(true)} /> : <Icon icon="media" size={40} className="bookables-card-placeholder" />}
    </div>
  );
}

/** One bookable in the list grid (specification 02 section 2, card content). */
export function BookableCard({ bookable, ...actions }: BookableCardActions & { bookable: BookableFieldsFragment }) {
  const price = priceText(bookable);
  return (
    <Card className="bookables-card" elevation={1} aria-label={bookable.title} role="article">
      <BookableCover key={bookable.imgUrl} url={bookable.imgUrl} />
      <div className="bookables-card-body">
        <div className="bookables-card-head">
          <H4 className="bookables-card-title">{bookable.title}</H4>
          <BookableCardMenu title={bookable.title} {...actions} />
        </div>
        {(!bookable.isBookable || !bookable.isPublic) && (
          <div className="bookables-card-badges">
            {!bookable.isBookable && (
              <Tag intent="warning" icon="disable">
                nicht buchbar
              </Tag>
            )}
            {!bookable.isPublic && (
              <Tag intent="primary" icon="eye-off">
                nicht öffentlich
              </Tag>
            )}
          </div>
        )}
        {bookable.tags.length > 0 && (
          <div className="bookables-card-tags">
            {bookable.tags.map((tag) => (
              <Tag key={tag} minimal round>
                {tag}
              </Tag>
            ))}
          </div>
        )}
        <p className="bookables-card-description">{shortDescription(bookable.description)}</p>
        <div className={price === FREE_TEXT ? 'bookables-card-price is-free' : 'bookables-card-price'}>{price}</div>
      </div>
    </Card>
  );
}
