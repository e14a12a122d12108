/**
 * Characters that change how text is shown without being seen: bidirectional controls (which can
 * turn "gpj.exe" into "exe.jpg", Trojan Source) and zero-width or blank fillers (which make two
 * different names look the same). Names, titles and addresses never need them, and in admin lists
 * they disguise entries, so those fields refuse them. Free text (descriptions, comments) keeps
 * them: joined emoji use U+200D. Plain TypeScript.
 */
/** The code points refused, as ranges (some are combining marks, which a regex class would misread). */
export const INVISIBLE_CONTROLS: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad], // soft hyphen
  [0x034f, 0x034f], // combining grapheme joiner
  [0x061c, 0x061c], // Arabic letter mark
  [0x115f, 0x1160], // Hangul fillers
  [0x17b4, 0x17b5], // Khmer inherent vowels
  [0x180b, 0x180e], // Mongolian variation selectors and vowel separator
  [0x200b, 0x200f], // zero-width space, (non-)joiner, left-to-right and right-to-left marks
  [0x202a, 0x202e], // bidirectional embeddings and overrides
  [0x2060, 0x2064], // word joiner, invisible operators
  [0x2066, 0x2069], // bidirectional isolates
  [0x206a, 0x206f], // deprecated format characters
  [0x3164, 0x3164], // Hangul filler
  [0xfeff, 0xfeff], // zero-width no-break space (byte order mark)
  [0xffa0, 0xffa0], // halfwidth Hangul filler
];

export const invisibleControlsMessage = 'Enthält unsichtbare Steuerzeichen.';

export function hasInvisibleControls(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (INVISIBLE_CONTROLS.some(([from, to]) => code >= from && code <= to)) return true;
  }
  return false;
}

/** The message for a name, title or address with such characters; null when it has none. */
export const invisibleControlsError = (value: unknown): string | null => (typeof value === 'string' && hasInvisibleControls(value) ? invisibleControlsMessage : null);
