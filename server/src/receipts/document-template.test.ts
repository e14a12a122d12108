import { describe, expect, it } from 'vitest';
import { html, renderDocumentTemplate, templateSkeletonError } from './document-template.js';
import { withContentSecurityPolicy } from './pdf-renderer.js';

describe('document placeholders', () => {
  it('fills double, triple and ampersand tags; unknown names are empty', () => {
    const out = renderDocumentTemplate('<p>{{a}}|{{{ a }}}|{{& a}}|{{missing}}|{{! a comment }}</p>', { a: 'x' });
    expect(out).toBe('<p>x|x|x||</p>');
  });

  it('escapes text values in every form, also in triple braces', () => {
    const values = { name: '<script>alert("x")</script> & Co' };
    const escaped = '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co';
    expect(renderDocumentTemplate('{{name}}', values)).toBe(escaped);
    expect(renderDocumentTemplate('{{{name}}}', values)).toBe(escaped);
    expect(renderDocumentTemplate('{{&name}}', values)).toBe(escaped);
    expect(renderDocumentTemplate('<a title="{{name}}">', { name: '" onmouseover="x' })).toBe('<a title="&#34; onmouseover=&#34;x">');
  });

  it('inserts the server-built HTML values as they are', () => {
    expect(renderDocumentTemplate('<div>{{items}}</div>', { items: html('<ul><li>Saal</li></ul>') })).toBe('<div><ul><li>Saal</li></ul></div>');
  });

  it('never reads a value as a placeholder (no injection of tags through customer data)', () => {
    expect(renderDocumentTemplate('{{name}} {{secret}}', { name: '{{secret}}', secret: 's' })).toBe('{{secret}} s');
  });

  it('shows sections for non-empty values and inverted sections for empty ones', () => {
    const template = '{{#days}}in {{days}} Tagen{{/days}}{{^days}}sofort{{/days}}';
    expect(renderDocumentTemplate(template, { days: '14' })).toBe('in 14 Tagen');
    expect(renderDocumentTemplate(template, { days: '' })).toBe('sofort');
    expect(renderDocumentTemplate(template, {})).toBe('sofort');
  });

  it('dotted names of the earlier bundled template are plain keys', () => {
    expect(renderDocumentTemplate('{{tenant.name}}', { 'tenant.name': 'Stadt' })).toBe('Stadt');
  });
});

describe('template skeleton', () => {
  const full = '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"></head><body>{{receiptNumber}}</body></html>';

  it('accepts a complete document and an empty template (the bundled one is used)', () => {
    expect(templateSkeletonError(full)).toBeNull();
    expect(templateSkeletonError('')).toBeNull();
    expect(templateSkeletonError(null)).toBeNull();
    expect(templateSkeletonError(full.toLowerCase())).toBeNull();
  });

  it('names what is missing in German', () => {
    expect(templateSkeletonError('<p>Beleg {{receiptNumber}}</p>')).toBe(
      'Die Vorlage muss ein vollständiges HTML-Dokument sein. Es fehlt: <!DOCTYPE html>, <html>, </html>, <head>, </head>, <body>, </body>',
    );
    expect(templateSkeletonError(full.replace('<body>', '<div>'))).toMatch(/Es fehlt: <body>$/);
    // <header> is not <head>.
    expect(templateSkeletonError(full.replace('<head>', '<header>'))).toMatch(/<head>/);
  });

  it('puts the content security policy first into <head>', () => {
    const out = withContentSecurityPolicy(full);
    expect(out.indexOf('Content-Security-Policy')).toBeGreaterThan(out.indexOf('<head>'));
    expect(out.indexOf('Content-Security-Policy')).toBeLessThan(out.indexOf('<meta charset'));
    expect(out).toContain("default-src 'none'");
  });
});
