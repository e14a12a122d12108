import { describe, expect, it } from 'vitest';
import { isHttpsLink, isLink } from './links.js';
import { looseObject, nameText, optionalLink, parseFields, visibleOnly, trimmedText } from './schema.js';
import { hasInvisibleControls, invisibleControlsError, invisibleControlsMessage } from './text.js';

const CONTROLS = ['\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\uFEFF', '\u061C', '\u180E', '\u2060', '\u00AD'];

describe('invisible control characters', () => {
  it.each(CONTROLS.map((char) => [char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0'), char]))('U+%s is found anywhere in a text', (_code, char) => {
    expect(hasInvisibleControls(`Saal${char}A`)).toBe(true);
    expect(hasInvisibleControls(`${char}Saal`)).toBe(true);
    expect(invisibleControlsError(`Saal${char}`)).toBe(invisibleControlsMessage);
  });

  it('lets German names, other scripts, emoji with variation selectors and plain spaces pass', () => {
    for (const text of ['Großer Saal – Süd', 'Bürgerhaus „Alte Mühle“', 'مكتبة', 'Café ☕️', 'Raum 1\u00A02']) expect(hasInvisibleControls(text), text).toBe(false);
    expect(invisibleControlsError(42)).toBeNull();
  });

  it('names, titles and links built with the helpers refuse them with the German message; links fail the link checks too', () => {
    const schema = looseObject({ name: nameText(100), title: visibleOnly(trimmedText(100)), url: optionalLink(200, 'Ungültige URL.') });
    expect(parseFields(schema, { name: 'Saal\u202Eexe', title: 'Ver\u200Bwaltung', url: 'https://example.org/\u2066x' })).toEqual({
      ok: false,
      fieldErrors: { name: invisibleControlsMessage, title: invisibleControlsMessage, url: invisibleControlsMessage },
    });
    expect(parseFields(schema, { name: 'Saal', title: 'Verwaltung', url: 'https://example.org/x' }).ok).toBe(true);
    expect(isLink('https://example.org/\u202Ea')).toBe(false);
    expect(isLink('/api/files/\u200Bx')).toBe(false);
    expect(isHttpsLink('https://example.org/\uFEFF')).toBe(false);
  });
});
