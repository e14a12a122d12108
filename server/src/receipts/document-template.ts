/**
 * The Mustache subset receipt and invoice templates use: `{{name}}`, `{{{name}}}`, `{{& name}}`,
 * sections `{{#name}}…{{/name}}` (shown when the value is not empty), inverted sections
 * `{{^name}}…{{/name}}` and comments `{{! … }}`. Unknown names render as nothing, as in Mustache.
 *
 * Safety differs from Mustache on purpose: a text value is HTML-escaped in EVERY form (also in
 * triple braces), because customer input (names, addresses, comments) must never become markup in
 * a document rendered by a browser. Values the server builds as HTML (item tables, addresses with
 * line breaks, escaped inside) are marked as such and inserted as they are in every form.
 */

/** A value built by the server as safe HTML. */
export interface HtmlValue {
  html: string;
}

export type TemplateValue = string | HtmlValue;
export type TemplateValues = Readonly<Record<string, TemplateValue>>;

export const html = (markup: string): HtmlValue => ({ html: markup });

/** Text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const isHtml = (value: TemplateValue | undefined): value is HtmlValue => typeof value === 'object' && value !== null;

function rendered(value: TemplateValue | undefined): string {
  if (value === undefined) return '';
  return isHtml(value) ? value.html : escapeHtml(value);
}

function present(value: TemplateValue | undefined): boolean {
  if (value === undefined) return false;
  const raw = isHtml(value) ? value.html : value;
  return raw.trim() !== '';
}

const NAME = '[A-Za-z_][\\w.-]*';
const SECTION = new RegExp(`\\{\\{\\s*([#^])\\s*(${NAME})\\s*\\}\\}([\\s\\S]*?)\\{\\{\\s*/\\s*\\2\\s*\\}\\}`, 'g');
const TAG = new RegExp(`\\{\\{\\{\\s*(${NAME})\\s*\\}\\}\\}|\\{\\{\\s*(!)[\\s\\S]*?\\}\\}|\\{\\{\\s*(&\\s*)?(${NAME})\\s*\\}\\}`, 'g');

/**
 * Fills the template. One pass over the template per level: text that a value brings in is never
 * read as a placeholder again (a customer cannot smuggle `{{…}}` into the document).
 */
export function renderDocumentTemplate(template: string, values: TemplateValues): string {
  return fill(template, values, 0);
}

function fill(template: string, values: TemplateValues, depth: number): string {
  // Sections first (innermost content filled recursively, bounded), then the plain tags.
  const parts: string[] = [];
  let last = 0;
  for (const match of template.matchAll(SECTION)) {
    const [whole, kind, name, inner] = match;
    const at = match.index ?? 0;
    parts.push(tags(template.slice(last, at), values));
    const shown = kind === '#' ? present(values[name]) : !present(values[name]);
    if (shown) parts.push(depth < 8 ? fill(inner, values, depth + 1) : tags(inner, values));
    last = at + whole.length;
  }
  parts.push(tags(template.slice(last), values));
  return parts.join('');
}

function tags(text: string, values: TemplateValues): string {
  return text.replace(TAG, (_whole, triple: string | undefined, comment: string | undefined, _ampersand: string | undefined, name: string | undefined) => {
    if (comment) return '';
    return rendered(values[(triple ?? name) as string]);
  });
}

export { templateSkeletonError } from '../../../common/tenants/tenant.validation.js';
