import { Card, H4, MenuItem, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { BookableFieldsFragment } from '../../gql/graphql';
import { BookablePublicLinks, PublicLinksDialog } from '../../portal/PublicLinks';
import { FREE_TEXT } from '../../shared/format';
import { CardCover, type CardActions, CardMenu } from '../../shared/list/ListCard';
import { priceText, shortDescription } from './cardText';

/** One bookable in the list grid (docs/bookables-and-files.md, “List and editor screens”). */
export function BookableCard({ bookable, ...actions }: CardActions & { bookable: BookableFieldsFragment }) {
  const price = priceText(bookable);
  const [linksOpen, setLinksOpen] = useState(false);
  return (
    <Card className="list-card" elevation={1} aria-label={bookable.title} role="article">
      <CardCover key={bookable.imgUrl} url={bookable.imgUrl} />
      <div className="list-card-body">
        <div className="list-card-head">
          <H4 className="list-card-title">{bookable.title}</H4>
          <CardMenu title={bookable.title} {...actions}>
            <MenuItem icon="link" text="Öffentliche Links" onClick={() => setLinksOpen(true)} />
          </CardMenu>
          <PublicLinksDialog title={bookable.title} isOpen={linksOpen} onClose={() => setLinksOpen(false)}>
            <BookablePublicLinks bookable={bookable} />
          </PublicLinksDialog>
        </div>
        {(!bookable.isBookable || !bookable.isPublic) && (
          <div className="list-card-badges">
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
          <div className="list-card-tags">
            {bookable.tags.map((tag) => (
              <Tag key={tag} minimal round>
                {tag}
              </Tag>
            ))}
          </div>
        )}
        <p className="list-card-description">{shortDescription(bookable.description)}</p>
        <div className={price === FREE_TEXT ? 'list-card-price is-free' : 'list-card-price'}>{price}</div>
      </div>
    </Card>
  );
}
