import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import { allowedErrors, buildFuzzyIndex, editPattern, fuseOptions, pigeonholePieces, planTerm, queryTerms, withinEdits } from './fuzzyIndex';

const records = [
  ['ABCD-EFGH', 'Anna Müller', 'anna.mueller@example.com', 'Bürgerhaus Musterstadt', 'ausstehend'],
  ['KMNP-QRST', 'Jonas Schmidt', 'jonas@example.com', 'Beamer', 'freigegeben'],
  ['UXYA-BCDE', 'Sportverein Musterstadt e. V.', 'vorstand@sv.example', 'Bürgerhaus Musterstadt', 'storniert'],
  ['FGHJ-KMNP', 'Greta Müller', 'greta@example.com', 'Sitzungssaal', 'freigegeben'],
];

/** Fuse itself over every text, term by term: what the index must answer. */
function reference(data: readonly (readonly string[])[], query: string): number[] | null {
  const terms = queryTerms(query);
  if (terms.length === 0) return null;
  const fuse = new Fuse([...new Set(data.flat())], fuseOptions);
  const matching = new Map(terms.map((term) => [term, new Set(fuse.search(term).map((result) => result.item))]));
  return data
    .map((texts, position) => ({ texts, position }))
    .filter(({ texts }) =>
      terms.every((term) => {
        const found = matching.get(term) as Set<string>;
        return planTerm(term).exclusion ? texts.every((text) => found.has(text)) : texts.some((text) => found.has(text));
      }),
    )
    .map(({ position }) => position);
}

describe('queryTerms', () => {
  it('splits at whitespace, keeps quoted phrases together and leaves out a lone operator', () => {
    expect(queryTerms('  Müller   Saal ')).toEqual(['Müller', 'Saal']);
    expect(queryTerms('="Anna Müller" !storniert')).toEqual(['="Anna Müller"', '!storniert']);
    expect(queryTerms('Müller !')).toEqual(['Müller']);
    expect(queryTerms('   ')).toEqual([]);
  });
});

describe('the candidates before Fuse', () => {
  it('allows the errors Fuse allows at threshold 0.3', () => {
    expect([1, 2, 3, 4, 6, 7, 9, 10, 13, 14].map(allowedErrors)).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 3, 4]);
  });

  it('splits a pattern into one piece more than errors allowed', () => {
    expect(pigeonholePieces('sitzungssaal', 3)).toEqual(['sit', 'zun', 'gss', 'aal']);
    expect(pigeonholePieces('müller', 1)).toEqual(['mül', 'ler']);
  });

  it('lets the candidates decide only for plain terms without room for an error', () => {
    expect(planTerm('Mü')).toMatchObject({ needles: ['mü'], candidatesDecide: true, exclusion: false });
    expect(planTerm('Müler')).toMatchObject({ needles: ['mü', 'ler'], candidatesDecide: false });
    expect(planTerm('!^Sport')).toMatchObject({ needles: ['sport'], exclusion: true });
    expect(planTerm('="Anna Müller"').needles).toBeNull();
  });
});

/** The smallest number of edits between the pattern and any part of the text (Sellers' table). */
function fewestEdits(pattern: string, text: string): number {
  let previous = Array.from({ length: pattern.length + 1 }, (_, row) => row);
  let best = previous[pattern.length];
  for (const character of text) {
    const column = [0];
    for (let row = 1; row <= pattern.length; row++) {
      column[row] = Math.min(previous[row] + 1, column[row - 1] + 1, previous[row - 1] + (pattern[row - 1] === character ? 0 : 1));
    }
    best = Math.min(best, column[pattern.length]);
    previous = column;
  }
  return best;
}

describe('withinEdits', () => {
  it('accepts a text exactly when some part of it is within the allowed edits', () => {
    const pairs: [string, string][] = [
      ['müller', 'greta müller'],
      ['muller', 'greta müller'],
      ['mueller', 'anna.mueller@example.com'],
      ['sitzungsaal', 'sitzungssaal'],
      ['katharina.zimmermann', 'katharina.zimmermann12@example.com'],
      ['katharian.zimermann', 'katharina.zimmermann12@example.com'],
      ['bürgrhaus', 'bürgerhaus musterstadt'],
      ['abcdefghijklmnopqrstuvwxyzabcdef', 'xxabcdefghijklmnopqrstuvwxyzabcdefyy'],
      ['abcdefghijklmnopqrstuvwxyzabcdef', 'abcdefghjklmnopqrstuvwxyzabcde'],
      ['schmidt', 'jonas schmied'],
      ['zzzz', 'anna'],
    ];
    for (const [pattern, text] of pairs) {
      for (const errors of [0, 1, 2, 3]) {
        expect(withinEdits(editPattern(pattern, errors), text), `${pattern} / ${text} / ${errors}`).toBe(fewestEdits(pattern, text) <= errors);
      }
    }
  });
});

describe('buildFuzzyIndex', () => {
  const index = buildFuzzyIndex(records);

  it('finds records by a misspelt word in any of their texts', () => {
    expect(index.search('Muller')).toEqual([0, 3]);
    expect(index.search('Bürgrhaus')).toEqual([0, 2]);
  });

  it('combines terms with AND, each over all texts of a record', () => {
    expect(index.search('Müller Sitzungssaal')).toEqual([3]);
    expect(index.search('Musterstadt storniert')).toEqual([2]);
    expect(index.search('Müller Beamer')).toEqual([]);
  });

  it('understands the extended syntax: exact, prefix, suffix and exclusion', () => {
    expect(index.search('=Beamer')).toEqual([1]);
    expect(index.search('^Sport')).toEqual([2]);
    expect(index.search('example.com$ freigegeben')).toEqual([1, 3]);
    expect(index.search('Musterstadt !storniert')).toEqual([0]);
  });

  it('answers an empty query with null (everything)', () => {
    expect(index.search('  ')).toBeNull();
  });

  it('answers exactly as Fuse over every text does, for typed, misspelt and long terms', () => {
    const words = ['Anna', 'Müller', 'Schmidt', 'Sportverein', 'Bürgerhaus', 'Musterstadt', 'Sitzungssaal', 'example', 'freigegeben', 'storniert'];
    let seed = 7;
    const random = (below: number) => (seed = (seed * 16807) % 2147483647) % below;
    const data = Array.from({ length: 300 }, (_, position) => [
      `${words[random(words.length)]} ${words[random(words.length)]}`,
      `${words[random(words.length)].toLowerCase()}.${position}@example.com`,
      words[random(words.length)],
      `Postfach ${random(100)} ${words[random(words.length)]}straße ${'lang'.repeat(random(12))}`,
    ]);
    const typo = (word: string) => {
      const at = random(word.length);
      const kind = random(3);
      if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
      if (kind === 1) return word.slice(0, at) + 'x' + word.slice(at + 1);
      return word.slice(0, at) + 'q' + word.slice(at);
    };
    const queries = [
      ...words.flatMap((word) => [word.slice(0, 1), word.slice(0, 3), word.slice(0, 5), word, typo(word), typo(typo(word))]),
      'Postfach 42 Musterstadtstraße langlanglanglanglanglanglanglang',
      'müller.12@example.com',
      'sportverein.17@exampel.com',
      'langlanglanglanglanglanglanglanglanglang',
      '!Müller Anna',
      "'stadt ^Spo",
    ];
    const fuzzyIndex = buildFuzzyIndex(data);
    for (const query of queries) expect(fuzzyIndex.search(query), query).toEqual(reference(data, query));
  });
});
