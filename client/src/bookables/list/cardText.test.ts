import { describe, expect, it } from 'vitest';
import { FREE_TEXT } from '../../shared/format';
import { htmlToText, priceText, shortDescription, truncate } from './cardText';

// Intl puts a no-break space between amount and €.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');
const category = (priceEur: number) => ({ priceEur });

describe('bookable card texts', () => {
  it('turns rich HTML into plain text', () => {
    expect(htmlToText('<p>Großer <strong>Saal</strong></p><p>mit&nbsp;Bühne &amp; Licht</p>')).toBe('Großer Saal mit Bühne & Licht');
    expect(htmlToText('Zeile 1<br/>Zeile 2 &lt;b&gt; &#228;&#x00FC;')).toBe('Zeile 1 Zeile 2 <b> äü');
    expect(htmlToText('<script>alert(1)</script>Text')).toBe('Text');
    expect(htmlToText('')).toBe('');
    expect(htmlToText(null)).toBe('');
  });

  it('cuts after 140 characters and appends " ..."', () => {
    const exact = 'a'.repeat(140);
    expect(truncate(exact)).toBe(exact);
    expect(truncate(`${exact}b`)).toBe(`${exact} ...`);
    expect(truncate('kurz')).toBe('kurz');
    expect(shortDescription(`<p>${'x'.repeat(200)}</p>`)).toBe(`${'x'.repeat(140)} ...`);
  });

  it('says "Kostenfrei" without any positive price', () => {
    expect(priceText({ priceType: 'per_hour', priceCategories: [] })).toBe(FREE_TEXT);
    expect(priceText({ priceType: 'per_hour', priceCategories: [category(0), category(0)] })).toBe('Kostenfrei');
  });

  it('shows the price with the unit suffix', () => {
    expect(plain(priceText({ priceType: 'per_hour', priceCategories: [category(12.5)] }))).toBe('12,50 € pro Stunde');
    expect(plain(priceText({ priceType: 'per_item', priceCategories: [category(3)] }))).toBe('3,00 € pro Stück');
    expect(plain(priceText({ priceType: 'per_day', priceCategories: [category(80), category(80)] }))).toBe('80,00 € pro Tag');
    expect(plain(priceText({ priceType: 'per_square_meter', priceCategories: [category(1234.5)] }))).toBe('1.234,50 € pro m²');
  });

  it('prefixes the lowest price with "ab" when the categories differ', () => {
    expect(plain(priceText({ priceType: 'per_hour', priceCategories: [category(20), category(12.5)] }))).toBe('ab 12,50 € pro Stunde');
  });
});
