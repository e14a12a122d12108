import { describe, expect, it } from 'vitest';
import { defaultEventData } from '../events/event.model.js';
import {
  bookableDetail,
  bookableItem,
  bookableList,
  detailHref,
  displayPrice,
  escapeHtml,
  eventDateText,
  eventDetail,
  eventItem,
  plainText,
  priceRangeText,
  safeUrl,
  type SnippetBookable,
  type SnippetContext,
  type SnippetEvent,
} from './snippet.render.js';

const context: SnippetContext = { publicUrl: 'https://buchen.example.de/', tenantId: 'stadt', bookableDetailLink: 'https://stadt.example.de/objekt', eventDetailLink: 'https://stadt.example.de/veranstaltung?x=1', withAttachments: false };

const bookable = (overrides: Partial<SnippetBookable> = {}): SnippetBookable => ({
  id: 'b1',
  type: 'room',
  title: 'Saal',
  description: '<p>Groß &amp; hell</p><p>Zweite Zeile</p>',
  location: 'Rathaus',
  imgUrl: '/api/stadt/files/saal.jpg',
  flags: ['Barrierefrei'],
  isBookable: true,
  autoCommitBooking: true,
  priceType: 'per-hour',
  priceValueAddedTax: 19,
  priceCategories: [{ priceEur: 10, priceValueAddedTax: 19, interval: { start: null, end: null }, fixedPrice: false }],
  attachments: [],
  ...overrides,
});

const event = (overrides: Partial<SnippetEvent> = {}): SnippetEvent => {
  const base = defaultEventData();
  return {
    id: 'e1',
    ...base,
    information: { ...base.information, name: 'Sommerfest', teaserText: 'Musik', tags: ['Musik', 'Open Air'], flags: ['Kinder'], startDate: '2026-07-15', startTime: '18:00', endDate: '2026-07-15', endTime: '22:00' },
    eventOrganizer: { ...base.eventOrganizer, name: 'Kulturamt', contactPersonName: 'Erika', contactPersonPhoneNumber: '0123', contactPersonEmailAddress: 'erika@example.com' },
    ...overrides,
  };
};

describe('snippet building blocks', () => {
  it('escapes text and attribute values', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;');
  });

  it('shows rich text as escaped plain text with line breaks', () => {
    expect(plainText('<p>Groß &amp; hell</p><p>a<br>b &lt;script&gt;</p><script>alert(1)</script>')).toBe('Groß &amp; hell<br>a<br>b &lt;script&gt;');
  });

  it('accepts http(s) and product paths only', () => {
    expect(safeUrl('/api/t/files/a.jpg', 'https://buchen.example.de/')).toBe('https://buchen.example.de/api/t/files/a.jpg');
    expect(safeUrl('https://cdn.example.de/a b.jpg', 'x')).toBe('https://cdn.example.de/a%20b.jpg');
    expect(safeUrl('javascript:alert(1)', 'x')).toBeNull();
    expect(safeUrl('//evil.example', 'x')).toBeNull();
    expect(safeUrl('', 'x')).toBeNull();
  });

  it("detail links append bkid to the tenant's page", () => {
    expect(detailHref('bookables', 'b 1', context)).toBe('https://stadt.example.de/objekt?bkid=b%201');
    expect(detailHref('events', 'e1', context)).toBe('https://stadt.example.de/veranstaltung?x=1&bkid=e1');
  });

  it("detail links without a usable tenant page lead to the product's own detail snippet, always absolute", () => {
    const withoutPages = { ...context, bookableDetailLink: '', eventDetailLink: 'javascript:alert(1)' };
    expect(detailHref('bookables', 'b1', withoutPages)).toBe('https://buchen.example.de/html/stadt/bookables/b1');
    expect(detailHref('events', 'e1', withoutPages)).toBe('https://buchen.example.de/html/stadt/events/e1');
  });

  it('price ranges in words, by what the price type counts', () => {
    expect(priceRangeText({ start: 2, end: null }, 'per-hour')).toBe('ab 2 Std.');
    expect(priceRangeText({ start: null, end: 3 }, 'per-day')).toBe('bis 3 Tage');
    expect(priceRangeText({ start: 1, end: 1 }, 'per-day')).toBe('1 - 1 Tag');
    expect(priceRangeText({ start: 1.5, end: 10 }, 'per-item')).toBe('1,5 - 10 Stück');
    expect(priceRangeText({ start: null, end: null }, 'per-square-meter')).toBe('');
  });

  it('event dates: the end date only when it is another day', () => {
    expect(eventDateText({ startDate: '2026-07-15', startTime: '18:00', endDate: '2026-07-15', endTime: '22:00' })).toBe('15.07.2026 18:00 - 22:00');
    expect(eventDateText({ startDate: '2026-07-15', startTime: '18:00', endDate: '2026-07-16', endTime: '02:00' })).toBe('15.07.2026 18:00 - 16.07.2026 02:00');
    expect(eventDateText({ startDate: '2026-07-15', startTime: null, endDate: null, endTime: null })).toBe('15.07.2026');
  });

  it('the price a visitor pays: the lowest gross category price, null when free', () => {
    expect(displayPrice(bookable())).toBe(11.9);
    expect(displayPrice(bookable({ priceCategories: [] }))).toBeNull();
  });
});

describe('bookable snippets', () => {
  it('a bookable object with price, release mode, booking and detail links', () => {
    expect(bookableItem(bookable(), context)).toBe(
      '<li class="bt-room"><img class="cover-image" src="https://buchen.example.de/api/stadt/files/saal.jpg" alt="Saal"><h4>Saal</h4>' +
        '<p class="description">Groß &amp; hell<br>Zweite Zeile</p><p class="location">Rathaus</p><p class="type">Raum</p>' +
        '<ul class="flags"><li class="flag">Barrierefrei</li></ul><p class="autoCommitBooking">Direkt buchbar</p>' +
        '<p class="price">11,90 € <span class="prce-category">pro Stunde</span></p>' +
        '<a class="btn-booking" href="https://buchen.example.de/checkout?id=b1&amp;tenant=stadt" target="_blank" rel="noopener">Jetzt buchen</a>' +
        '<a class="btn-detail" href="https://stadt.example.de/objekt?bkid=b1">Details</a></li>',
    );
  });

  it('graduated prices: each category with its range and gross price instead of only the lowest', () => {
    const graduated = bookable({
      priceValueAddedTax: 0,
      priceCategories: [
        { priceEur: 15, priceValueAddedTax: 0, interval: { start: null, end: 2 }, fixedPrice: false },
        { priceEur: 10, priceValueAddedTax: 0, interval: { start: 2, end: null }, fixedPrice: false },
        { priceEur: 50, priceValueAddedTax: 0, interval: { start: 8, end: 24 }, fixedPrice: true },
      ],
    });
    const html = bookableItem(graduated, context);
    expect(html).toContain(
      '<ul class="price-category-list">' +
        '<li class="price-category"><span class="price-range">bis 2 Std.</span>: <span class="price-amount">15,00 €</span> <span class="prce-category">/Stunde</span></li>' +
        '<li class="price-category"><span class="price-range">ab 2 Std.</span>: <span class="price-amount">10,00 €</span> <span class="prce-category">/Stunde</span></li>' +
        '<li class="price-category"><span class="price-range">8 - 24 Std.</span>: <span class="price-amount">50,00 €</span> <span class="prce-category">pauschal</span></li>' +
        '</ul>',
    );
    expect(html).not.toContain('<p class="price">');
  });

  it('a sold-out ticket says "ausgebucht" instead of offering to book', () => {
    const html = bookableItem(bookable({ type: 'ticket', soldOut: true }), context);
    expect(html).toContain('<p class="sold-out">ausgebucht</p>');
    expect(html).not.toContain('btn-booking');
    expect(bookableItem(bookable({ type: 'ticket', soldOut: false }), context)).not.toContain('ausgebucht');
  });

  it('free, on request, not bookable', () => {
    const onRequest = bookableItem(bookable({ autoCommitBooking: false, priceCategories: [], priceType: 'per-item' }), context);
    expect(onRequest).toContain('<p class="autoCommitBooking">Individuelle Freigabe erforderlich</p><p class="price">kostenlos</p>');
    expect(onRequest).toContain('>Jetzt anfragen</a>');
    const perItem = bookableItem(bookable({ priceType: 'per-item' }), context);
    expect(perItem).toContain('<span class="prce-category"></span>');
    const shown = bookableItem(bookable({ isBookable: false, imgUrl: '' }), context);
    expect(shown).not.toContain('btn-booking');
    expect(shown).not.toContain('cover-image');
    expect(shown).toContain('btn-detail');
  });

  it('escapes every text', () => {
    const html = bookableList([bookable({ title: '<script>alert(1)</script>', location: '"><img src=x onerror=alert(1)>', flags: ['<b>'] })], context);
    expect(html).not.toMatch(/<script|<img src=x|<b>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.startsWith('<ul class="booking-manager-list"><li class="bt-room">')).toBe(true);
  });

  it('detail: documents but no agreements, bookable block, related objects', () => {
    const html = bookableDetail(
      bookable({
        attachments: [
          { id: 'a', title: 'Hausordnung', caption: '', type: 'user-manual', url: '/api/stadt/files/ordnung.pdf', show: true, required: false },
          { id: 'b', title: 'Vertrag', caption: '', type: 'agreement', url: '/api/stadt/files/vertrag.pdf', show: true, required: true },
          { id: 'c', title: 'Böse', caption: '', type: 'product-information', url: 'javascript:alert(1)', show: true, required: false },
        ],
      }),
      [bookable({ id: 'b2', title: 'Beamer', type: 'resource' })],
      context,
    );
    expect(html).toMatch(/^<div class="bookable-item"><img class="cover-image"[^>]*><h3>Saal<\/h3><p class="description">/);
    expect(html).toContain('<ul class="attachments"><li><a href="https://buchen.example.de/api/stadt/files/ordnung.pdf" target="_blank" rel="noopener">Hausordnung</a></li></ul>');
    expect(html).not.toContain('Vertrag');
    expect(html).not.toContain('javascript');
    expect(html).toContain('<div class="related-bookable-objects"><ul class="booking-manager-list"><li class="bt-resource">');
    expect(html.endsWith('</ul></div></div>')).toBe(true);
  });
});

describe('event snippets', () => {
  it('a list item: tags in rel, date, organiser, contact, teaser, flags, prices, detail link', () => {
    expect(eventItem(event({ attendees: { ...defaultEventData().attendees, free: false, priceCategories: [{ id: 'p', name: 'Erwachsene', price: 12.5 }] } }), context)).toBe(
      '<li class="event" rel="Musik Open Air"><h3>Sommerfest</h3><p class="date">15.07.2026 18:00 - 22:00</p><p class="organizer-name">Kulturamt</p>' +
        '<p class="contact-name">Erika</p><p class="contact-phone">0123</p><p class="contact-email">erika@example.com</p><p class="teaser-text">Musik</p>' +
        '<ul class="flags"><li class="flag">Kinder</li></ul><ul class="price-category-list"><li class="price-category"><span class="price-category-name">Erwachsene</span> <span class="price-category-price">12,50 €</span></li></ul>' +
        '<a class="btn-detail" href="https://stadt.example.de/veranstaltung?x=1&amp;bkid=e1">Details</a></li>',
    );
    expect(eventItem(event({ attendees: { ...defaultEventData().attendees, free: true } }), context)).toContain('<p class="price-free">kostenlos</p>');
  });

  it('detail: the sections in order, attachments only with a session, tickets as a list', () => {
    const base = defaultEventData();
    const full = event({
      eventLocation: { ...base.eventLocation, name: 'Stadthalle' },
      eventAddress: { ...base.eventAddress, street: 'Markt', houseNumber: '1', zip: '12345', city: 'Musterstadt' },
      eventOrganizer: { ...event().eventOrganizer, speakers: [{ id: 's', name: 'Dr. <i>Rede</i>', phoneNumber: '', emailAddress: '', image: '' }] },
      schedules: [{ id: 'd', date: '2026-07-15', time: '18:00', description: 'Tag 1', schedules: [{ id: 'i', time: '18:30', description: 'Begrüßung' }] }],
      images: ['/api/stadt/files/bild.jpg'],
      attachments: ['/api/stadt/files/Programm%20Heft.pdf'],
    });
    const anonymous = eventDetail(full, [bookable({ id: 't', type: 'ticket', title: 'Eintritt' })], context);
    const headings = [...anonymous.matchAll(/<h4>([^<]+)<\/h4>/g)].map((match) => match[1]);
    expect(headings).toEqual(['Informationen', 'Veranstaltungsort', 'Veranstalter', 'Referenten', 'Agenda', 'Bilder', 'Eintritt']);
    expect(anonymous).toContain('<p class="address-street">Markt 1</p>');
    expect(anonymous).toContain('Dr. &lt;i&gt;Rede&lt;/i&gt;');
    expect(anonymous).toContain('<li class="agenda-item"><span class="agenda-time">18:30</span> <span class="agenda-description">Begrüßung</span></li>');
    expect(anonymous).toContain('<div class="tickets"><ul class="booking-manager-list"><li class="bt-ticket">');
    expect(anonymous).not.toContain('Anhänge');
    const signedIn = eventDetail(full, [], { ...context, withAttachments: true });
    expect(signedIn).toContain('<div class="attachments"><h4>Anhänge</h4><ul class="attachments"><li><a href="https://buchen.example.de/api/stadt/files/Programm%20Heft.pdf" target="_blank" rel="noopener">Programm Heft.pdf</a></li></ul></div>');
  });
});
