/**
 * HTML snippets for tenant websites: pure functions from public data to markup. The class names and
 * the nesting are what tenant websites style and script against, so they stay as they are.
 *
 * Every text is escaped; rich-text descriptions are shown as their plain text (paragraphs and line
 * breaks kept as <br>), so nothing stored can inject markup. Links and images accept http(s) URLs
 * and paths of this product (made absolute with its public URL); anything else (javascript: and the
 * like) is left out.
 */
import sanitizeHtml from 'sanitize-html';
import { formatEuro, formatGermanDate } from '../../../common/format/german.js';
import type { BookableAttachment, BookableType, PriceCategory, PriceType } from '../bookables/bookable.model.js';
import type { EventAgendaDay, EventData } from '../events/event.model.js';

export interface SnippetContext {
  /** The product's public URL (PUBLIC_URL): checkout links and the product's own files. */
  publicUrl: string;
  tenantId: string;
  /**
   * The tenant's pages for one object and one event; `?bkid={id}` is appended. Without one, the
   * product's own detail snippet (below PUBLIC_URL) is linked, so "Details" never points nowhere.
   */
  bookableDetailLink: string;
  eventDetailLink: string;
  /** Event attachments are shown only to a signed-in visitor. */
  withAttachments: boolean;
}

export interface SnippetBookable {
  id: string;
  type: BookableType;
  title: string;
  description: string;
  location: string;
  imgUrl: string;
  flags: string[];
  isBookable: boolean;
  autoCommitBooking: boolean;
  priceType: PriceType;
  priceValueAddedTax: number;
  priceCategories: PriceCategory[];
  attachments: BookableAttachment[];
  /** A ticket whose event has no seat left: shown as "ausgebucht" instead of a booking button. */
  soldOut?: boolean;
}

export interface SnippetEvent extends Pick<EventData, 'information' | 'attendees' | 'eventLocation' | 'eventAddress' | 'eventOrganizer' | 'schedules' | 'images' | 'attachments' | 'format'> {
  id: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for element content and attribute values. */
export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/** Rich text as escaped plain text; paragraphs, list items and line breaks become <br>. */
export function plainText(html: string | null | undefined): string {
  const marked = (html ?? '').replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h[1-6]|blockquote|div)>/gi, '\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map(escapeHtml)
    .join('<br>');
}

/** An http(s) URL as is, a path of this product made absolute; null for anything else. */
export function safeUrl(url: string | null | undefined, publicUrl: string): string | null {
  const value = (url ?? '').trim();
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return `${publicUrl.replace(/\/+$/, '')}${value}`;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The detail page of an object or event: the tenant's page as `{link}?bkid={id}` (`&` when the link
 * has a query already); without a usable tenant page the product's own detail snippet
 * `{PUBLIC_URL}/html/{tenantId}/{bookables|events}/{id}`. Always absolute, as tenant websites embed
 * the markup on pages of their own.
 */
export function detailHref(kind: 'bookables' | 'events', id: string, context: Pick<SnippetContext, 'publicUrl' | 'tenantId' | 'bookableDetailLink' | 'eventDetailLink'>): string {
  const base = safeUrl(kind === 'bookables' ? context.bookableDetailLink : context.eventDetailLink, context.publicUrl);
  if (base) return `${base}${base.includes('?') ? '&' : '?'}bkid=${encodeURIComponent(id)}`;
  return `${context.publicUrl.replace(/\/+$/, '')}/html/${encodeURIComponent(context.tenantId)}/${kind}/${encodeURIComponent(id)}`;
}

/** "dd.MM.yyyy HH:mm - [dd.MM.yyyy ]HH:mm": the end date only when it is another day (Berlin dates as entered). */
export function eventDateText(information: Pick<SnippetEvent['information'], 'startDate' | 'startTime' | 'endDate' | 'endTime'>): string {
  const start = [formatGermanDate(information.startDate), information.startTime ?? ''].filter(Boolean).join(' ');
  const otherDay = information.endDate && information.endDate !== information.startDate ? formatGermanDate(information.endDate) : '';
  const end = [otherDay, information.endTime ?? ''].filter(Boolean).join(' ');
  return end ? `${start} - ${end}` : start;
}

const typeLabels: Record<BookableType, string> = { 'event-location': 'Veranstaltungsort', room: 'Raum', resource: 'Ressource', ticket: 'Ticket' };
const priceSuffixes: Partial<Record<PriceType, string>> = { 'per-hour': 'pro Stunde', 'per-day': 'pro Tag' };
/** What a category's price is charged per (the list of several categories). */
const unitSuffixes: Record<PriceType, string> = { 'per-hour': '/Stunde', 'per-day': '/Tag', 'per-item': '/Stück', 'per-square-meter': '/m²' };
/** What a category's range counts: hours, days or the amount. */
const rangeUnits: Record<PriceType, { one: string; many: string }> = {
  'per-hour': { one: 'Std.', many: 'Std.' },
  'per-day': { one: 'Tag', many: 'Tage' },
  'per-item': { one: 'Stück', many: 'Stück' },
  'per-square-meter': { one: 'm²', many: 'm²' },
};
const decimal = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** The gross price of a category (consumer prices are shown with their VAT). */
const grossPrice = (category: PriceCategory, fallbackVat: number) => Math.round(category.priceEur * (1 + (category.priceValueAddedTax ?? fallbackVat ?? 0) / 100) * 100) / 100;

/**
 * The price a visitor pays (gross, as consumer prices are shown): the lowest category price with
 * its VAT; null when everything is free.
 */
export function displayPrice(bookable: Pick<SnippetBookable, 'priceCategories' | 'priceValueAddedTax'>): number | null {
  const prices = bookable.priceCategories.filter((category) => category.priceEur > 0).map((category) => grossPrice(category, bookable.priceValueAddedTax));
  return prices.length > 0 ? Math.min(...prices) : null;
}

/** A category's range in words: "ab 2 Std.", "bis 3 Tage", "1 - 5 Stück"; '' when open on both sides. */
export function priceRangeText(interval: PriceCategory['interval'], priceType: PriceType): string {
  const { start, end } = interval ?? { start: null, end: null };
  const unit = (value: number) => (value === 1 ? rangeUnits[priceType].one : rangeUnits[priceType].many);
  if (start !== null && end !== null) return `${decimal.format(start)} - ${decimal.format(end)} ${unit(end)}`;
  if (start !== null) return `ab ${decimal.format(start)} ${unit(start)}`;
  if (end !== null) return `bis ${decimal.format(end)} ${unit(end)}`;
  return '';
}

/** Whether the price needs the category list: several categories, or one that holds only for a range. */
const hasGraduatedPrices = (bookable: Pick<SnippetBookable, 'priceCategories'>) =>
  bookable.priceCategories.length > 1 || bookable.priceCategories.some((category) => category.interval && (category.interval.start !== null || category.interval.end !== null));

/** Each category with its range and gross price, e.g. "ab 2 Std.: 10,00 € /Stunde" (a fixed price "pauschal"). */
function priceCategoryList(bookable: SnippetBookable): string {
  const items = bookable.priceCategories.map((category) => {
    const range = priceRangeText(category.interval, bookable.priceType);
    const price = grossPrice(category, bookable.priceValueAddedTax);
    const suffix = price <= 0 ? '' : category.fixedPrice ? 'pauschal' : unitSuffixes[bookable.priceType];
    return [
      '<li class="price-category">',
      range ? `<span class="price-range">${escapeHtml(range)}</span>: ` : '',
      `<span class="price-amount">${price <= 0 ? 'kostenlos' : escapeHtml(formatEuro(price))}</span>`,
      suffix ? ` <span class="prce-category">${escapeHtml(suffix)}</span>` : '',
      '</li>',
    ].join('');
  });
  return `<ul class="price-category-list">${items.join('')}</ul>`;
}

const img = (src: string | null, className: string, alt = '') => (src ? `<img class="${className}" src="${escapeHtml(src)}" alt="${escapeHtml(alt)}">` : '');
const paragraph = (className: string, text: string | null | undefined) => (text ? `<p class="${className}">${escapeHtml(text)}</p>` : '');
const flagList = (flags: readonly string[]) => `<ul class="flags">${flags.map((flag) => `<li class="flag">${escapeHtml(flag)}</li>`).join('')}</ul>`;

/**
 * Booking part of an object: release mode, price (one price, or each category with its range),
 * booking button (new tab to this product's checkout); a sold-out ticket says "ausgebucht" instead.
 */
function bookingBlock(bookable: SnippetBookable, context: SnippetContext): string {
  const price = displayPrice(bookable);
  const suffix = priceSuffixes[bookable.priceType] ?? '';
  const checkout = `${context.publicUrl.replace(/\/+$/, '')}/checkout?id=${encodeURIComponent(bookable.id)}&tenant=${encodeURIComponent(context.tenantId)}`;
  return [
    `<p class="autoCommitBooking">${bookable.autoCommitBooking ? 'Direkt buchbar' : 'Individuelle Freigabe erforderlich'}</p>`,
    hasGraduatedPrices(bookable)
      ? priceCategoryList(bookable)
      : price === null
        ? '<p class="price">kostenlos</p>'
        : `<p class="price">${escapeHtml(formatEuro(price))} <span class="prce-category">${escapeHtml(suffix)}</span></p>`,
    bookable.soldOut
      ? '<p class="sold-out">ausgebucht</p>'
      : `<a class="btn-booking" href="${escapeHtml(checkout)}" target="_blank" rel="noopener">${bookable.autoCommitBooking ? 'Jetzt buchen' : 'Jetzt anfragen'}</a>`,
  ].join('');
}

/** One object of a list: `li.bt-{type}`. */
export function bookableItem(bookable: SnippetBookable, context: SnippetContext): string {
  return [
    `<li class="bt-${escapeHtml(bookable.type)}">`,
    img(safeUrl(bookable.imgUrl, context.publicUrl), 'cover-image', bookable.title),
    `<h4>${escapeHtml(bookable.title)}</h4>`,
    `<p class="description">${plainText(bookable.description)}</p>`,
    paragraph('location', bookable.location),
    paragraph('type', typeLabels[bookable.type]),
    flagList(bookable.flags),
    bookable.isBookable ? bookingBlock(bookable, context) : '',
    `<a class="btn-detail" href="${escapeHtml(detailHref('bookables', bookable.id, context))}">Details</a>`,
    '</li>',
  ].join('');
}

/** `ul.booking-manager-list` of objects. */
export function bookableList(bookables: readonly SnippetBookable[], context: SnippetContext): string {
  return `<ul class="booking-manager-list">${bookables.map((bookable) => bookableItem(bookable, context)).join('')}</ul>`;
}

/** One object in detail: `div.bookable-item` with its documents and its public related objects. */
export function bookableDetail(bookable: SnippetBookable, related: readonly SnippetBookable[], context: SnippetContext): string {
  const documents = bookable.attachments
    .filter((attachment) => attachment.type !== 'agreement')
    .map((attachment) => ({ href: safeUrl(attachment.url, context.publicUrl), title: attachment.title }))
    .filter((attachment) => attachment.href);
  return [
    '<div class="bookable-item">',
    img(safeUrl(bookable.imgUrl, context.publicUrl), 'cover-image', bookable.title),
    `<h3>${escapeHtml(bookable.title)}</h3>`,
    `<p class="description">${plainText(bookable.description)}</p>`,
    flagList(bookable.flags),
    `<ul class="attachments">${documents.map((document) => `<li><a href="${escapeHtml(document.href)}" target="_blank" rel="noopener">${escapeHtml(document.title)}</a></li>`).join('')}</ul>`,
    bookable.isBookable ? paragraph('location', bookable.location) + paragraph('type', typeLabels[bookable.type]) + bookingBlock(bookable, context) : '',
    `<div class="related-bookable-objects">${bookableList(related, context)}</div>`,
    '</div>',
  ].join('');
}

/** The price part of an event: its categories, or "kostenlos" for a free event. */
function eventPrices(event: SnippetEvent): string {
  if (event.attendees.free !== false) return '<p class="price-free">kostenlos</p>';
  const items = event.attendees.priceCategories.map(
    (category) => `<li class="price-category"><span class="price-category-name">${escapeHtml(category.name)}</span> <span class="price-category-price">${escapeHtml(formatEuro(category.price))}</span></li>`,
  );
  return `<ul class="price-category-list">${items.join('')}</ul>`;
}

function contactPerson(event: SnippetEvent): string {
  const organizer = event.eventOrganizer;
  if (!organizer.addContactPerson) return '';
  return paragraph('contact-name', organizer.contactPersonName) + paragraph('contact-phone', organizer.contactPersonPhoneNumber) + paragraph('contact-email', organizer.contactPersonEmailAddress);
}

/** One event of a list: `li.event` with its tags in `rel`. */
export function eventItem(event: SnippetEvent, context: SnippetContext): string {
  const info = event.information;
  return [
    `<li class="event" rel="${escapeHtml(info.tags.join(' '))}">`,
    img(safeUrl(info.teaserImage, context.publicUrl), 'cover-image', info.name),
    `<h3>${escapeHtml(info.name)}</h3>`,
    paragraph('date', eventDateText(info)),
    paragraph('organizer-name', event.eventOrganizer.name),
    contactPerson(event),
    paragraph('teaser-text', info.teaserText),
    flagList(info.flags),
    eventPrices(event),
    `<a class="btn-detail" href="${escapeHtml(detailHref('events', event.id, context))}">Details</a>`,
    '</li>',
  ].join('');
}

/** `ul.event-list` of events. */
export function eventList(events: readonly SnippetEvent[], context: SnippetContext): string {
  return `<ul class="event-list">${events.map((event) => eventItem(event, context)).join('')}</ul>`;
}

const section = (className: string, heading: string, body: string) => `<div class="${className}"><h4>${heading}</h4>${body}</div>`;

function agenda(days: readonly EventAgendaDay[]): string {
  const dayItems = days.map((day) => {
    const items = day.schedules.map((item) => `<li class="agenda-item"><span class="agenda-time">${escapeHtml(item.time)}</span> <span class="agenda-description">${escapeHtml(item.description)}</span></li>`);
    return [
      '<li class="agenda-day">',
      paragraph('agenda-date', [formatGermanDate(day.date), day.time].filter(Boolean).join(' ')),
      paragraph('agenda-description', day.description),
      `<ul class="agenda-items">${items.join('')}</ul>`,
      '</li>',
    ].join('');
  });
  return `<ul class="agenda">${dayItems.join('')}</ul>`;
}

/** A file link's name for its link text: the last part of its path. */
function fileName(url: string): string {
  const path = url.split(/[?#]/)[0];
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last) || url;
  } catch {
    return last || url;
  }
}

/**
 * One event in detail: `div.event` with the sections Informationen, Veranstaltungsort, Veranstalter,
 * Referenten, Agenda, Bilder and Anhänge (each only when it has content, Anhänge only for a
 * signed-in visitor), then its public tickets as an object list.
 */
export function eventDetail(event: SnippetEvent, tickets: readonly SnippetBookable[], context: SnippetContext): string {
  const info = event.information;
  const location = event.eventLocation;
  const address = event.eventAddress;
  const street = [address.street, address.houseNumber].filter(Boolean).join(' ');
  const city = [address.zip, address.city].filter(Boolean).join(' ');
  const onlineUrl = event.format !== 0 ? safeUrl(location.url, context.publicUrl) : null;
  const venue = [
    paragraph('location-name', location.name),
    paragraph('address-street', street),
    paragraph('address-additional', address.additional),
    paragraph('address-city', city),
    paragraph('location-phone', location.phoneNumber),
    paragraph('location-email', location.emailAddress),
    onlineUrl ? `<a class="location-url" href="${escapeHtml(onlineUrl)}" target="_blank" rel="noopener">${escapeHtml(onlineUrl)}</a>` : '',
  ].join('');
  const organizer = paragraph('organizer-name', event.eventOrganizer.name) + contactPerson(event);
  const speakers = event.eventOrganizer.speakers.filter((speaker) => speaker.name);
  const images = event.images.map((url) => safeUrl(url, context.publicUrl)).filter((url): url is string => url !== null);
  const attachments = event.attachments.map((url) => ({ href: safeUrl(url, context.publicUrl), name: fileName(url) })).filter((file) => file.href);

  return [
    '<div class="event">',
    img(safeUrl(info.teaserImage, context.publicUrl), 'cover-image', info.name),
    `<h3>${escapeHtml(info.name)}</h3>`,
    section(
      'information',
      'Informationen',
      [paragraph('date', eventDateText(info)), paragraph('teaser-text', info.teaserText), `<p class="description">${plainText(info.description)}</p>`, flagList(info.flags), eventPrices(event)].join(''),
    ),
    venue ? section('event-location', 'Veranstaltungsort', venue) : '',
    organizer ? section('organizer', 'Veranstalter', organizer) : '',
    speakers.length > 0
      ? section(
          'speakers',
          'Referenten',
          `<ul class="speaker-list">${speakers.map((speaker) => `<li class="speaker">${img(safeUrl(speaker.image, context.publicUrl), 'speaker-image', speaker.name)}<p class="speaker-name">${escapeHtml(speaker.name)}</p></li>`).join('')}</ul>`,
        )
      : '',
    event.schedules.length > 0 ? section('schedules', 'Agenda', agenda(event.schedules)) : '',
    images.length > 0 ? section('images', 'Bilder', `<ul class="image-list">${images.map((src) => `<li>${img(src, 'event-image')}</li>`).join('')}</ul>`) : '',
    context.withAttachments && attachments.length > 0
      ? section('attachments', 'Anhänge', `<ul class="attachments">${attachments.map((file) => `<li><a href="${escapeHtml(file.href)}" target="_blank" rel="noopener">${escapeHtml(file.name)}</a></li>`).join('')}</ul>`)
      : '',
    `<div class="tickets">${bookableList(tickets, context)}</div>`,
    '</div>',
  ].join('');
}
