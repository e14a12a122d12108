import { describe, expect, it } from 'vitest';
import { accessLevelOf, extensionError, mimeTypeOf, parseDirectory, parseStoredName, sanitizeFileName } from './file.rules.js';

describe('file rules', () => {
  it('allows the document list and the image list; images-only mode only the images', () => {
    for (const name of ['a.pdf', 'a.DOCX', 'a.xls', 'a.xlsx', 'a.ppt', 'a.pptx', 'a.txt', 'a.zip', 'a.rar', 'a.7z', 'a.md', 'a.doc', 'a.jpg', 'a.jpeg', 'a.png', 'a.svg']) {
      expect(extensionError(name), name).toBeUndefined();
    }
    expect(extensionError('a.exe')).toBe('Die Dateiendung "exe" ist nicht erlaubt');
    expect(extensionError('a.html')).toBe('Die Dateiendung "html" ist nicht erlaubt');
    expect(extensionError('ohne-endung')).toBe('Die Dateiendung "" ist nicht erlaubt');
    expect(extensionError('a.pdf', true)).toBe('Die Dateiendung "pdf" ist nicht erlaubt');
    expect(extensionError('a.PNG', true)).toBeUndefined();
  });

  it('refuses names that try to name a path and sanitises the rest', () => {
    for (const bad of ['../x.png', '..%2Fx.png', '/etc/passwd', 'a\\..\\..\\x.png', 'a/b.png', '%2e%2e.png', 'x%5Cy.png', 'a\u0000.png', '..', '.', '']) {
      expect(sanitizeFileName(bad), JSON.stringify(bad)).toBeUndefined();
    }
    expect(sanitizeFileName('Raum 1 (groß).png')).toBe('Raum 1 _groß_.png');
    expect(sanitizeFileName('.htaccess.txt')).toBe('htaccess.txt');
    expect(sanitizeFileName('a<script>.svg')).toBe('a_script_.svg');
    const long = sanitizeFileName(`${'x'.repeat(300)}.pdf`);
    expect(long).toHaveLength(150);
    expect(long?.endsWith('.pdf')).toBe(true);
  });

  it('parses sub-folders and stored names without leaving the access folder', () => {
    expect(parseDirectory(undefined)).toEqual([]);
    expect(parseDirectory('')).toEqual([]);
    expect(parseDirectory('rooms')).toEqual(['rooms']);
    expect(parseDirectory('events/images')).toEqual(['events', 'images']);
    expect(parseDirectory('events/contacts/')).toEqual(['events', 'contacts']);
    for (const bad of ['/events', '\\events', '..', '../x', 'a/../../b', 'a//b', 'a\\b', '..%2F', 'a/b/c/d/e/f']) expect(parseDirectory(bad), bad).toBeUndefined();

    expect(parseStoredName('/public/rooms/a.jpg')).toEqual({ accessLevel: 'public', segments: ['rooms', 'a.jpg'] });
    expect(parseStoredName('/protected/a.pdf')).toEqual({ accessLevel: 'protected', segments: ['a.pdf'] });
    for (const bad of ['/public/../protected/a.pdf', '/public/..%2Fa.pdf', '/receipts/a.pdf', 'public/a.pdf', '/public/', '/public//a.pdf', '/public/a\\..\\b.pdf', '/etc/passwd']) {
      expect(parseStoredName(bad), bad).toBeUndefined();
    }
  });

  it('maps the access level and the content type', () => {
    expect(accessLevelOf('public')).toBe('public');
    expect(accessLevelOf('protected')).toBe('protected');
    expect(accessLevelOf(undefined)).toBe('protected');
    expect(accessLevelOf('PUBLIC')).toBe('protected');
    expect(mimeTypeOf('a.svg')).toBe('image/svg+xml');
    expect(mimeTypeOf('a.PDF')).toBe('application/pdf');
    expect(mimeTypeOf('a.bin')).toBe('application/octet-stream');
  });
});
