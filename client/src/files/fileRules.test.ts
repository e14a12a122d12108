import { describe, expect, it } from 'vitest';
import { accessLevelsFor, isExternalLink, pickableFiles, uploadError } from './fileRules';

describe('file picker rules', () => {
  it('requires a file with an allowed extension and at most 10,000,000 bytes', () => {
    expect(uploadError(null)).toBe('Bitte wählen Sie eine Datei aus');
    expect(uploadError({ name: 'plan.pdf', size: 10_000_000 })).toBeUndefined();
    expect(uploadError({ name: 'plan.pdf', size: 10_000_001 })).toBe('Die maximale Dateigröße beträgt 10 MB');
    expect(uploadError({ name: 'virus.EXE', size: 1 })).toBe('Die Dateiendung "exe" ist nicht erlaubt');
    expect(uploadError({ name: 'bild.png', size: 1 })).toBe('Die Dateiendung "png" ist nicht erlaubt');
    expect(uploadError({ name: 'bild.png', size: 1 }, true)).toBeUndefined();
    expect(uploadError({ name: 'plan.pdf', size: 1 }, true)).toBe('Die Dateiendung "pdf" ist nicht erlaubt');
  });

  it('chooses URL mode for external links only', () => {
    const origin = 'https://buchen.example';
    expect(isExternalLink('', origin, 't1')).toBe(false);
    expect(isExternalLink('https://buchen.example/api/t1/files/get?name=/public/rooms/a.png', origin, 't1')).toBe(false);
    expect(isExternalLink('https://buchen.example/api/t2/files/get?name=/public/rooms/a.png', origin, 't1')).toBe(true);
    expect(isExternalLink('https://example.org/bild.png', origin, 't1')).toBe(true);
  });

  it('offers the protected access level only where the context allows it', () => {
    expect(accessLevelsFor(false)).toEqual(['public']);
    expect(accessLevelsFor(true)).toEqual(['public', 'protected']);
  });

  it('lists only images where only images fit, and protected files only where allowed', () => {
    const files = [
      { filename: 'saal.JPG', accessLevel: 'public' },
      { filename: 'plan.pdf', accessLevel: 'public' },
      { filename: 'logo.svg', accessLevel: 'public' },
      { filename: 'foto.jpeg', accessLevel: 'protected' },
      { filename: 'grundriss.png', accessLevel: 'public' },
      { filename: 'png', accessLevel: 'public' },
    ];
    const names = (context: { imagesOnly: boolean; allowProtected: boolean }) => pickableFiles(files, context).map((file) => file.filename);
    expect(names({ imagesOnly: true, allowProtected: false })).toEqual(['saal.JPG', 'logo.svg', 'grundriss.png']);
    expect(names({ imagesOnly: true, allowProtected: true })).toEqual(['saal.JPG', 'logo.svg', 'foto.jpeg', 'grundriss.png']);
    expect(names({ imagesOnly: false, allowProtected: false })).toEqual(['saal.JPG', 'plan.pdf', 'logo.svg', 'grundriss.png', 'png']);
  });
});
