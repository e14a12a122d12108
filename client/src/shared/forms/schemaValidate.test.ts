import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateWithSchema } from './schemaValidate';

describe('validateWithSchema', () => {
  const schema = z.object({ name: z.string().min(1, 'Pflichtfeld'), items: z.array(z.object({ url: z.string().url('Ungültige URL.') })) });

  it('is empty when the values pass', () => {
    expect(validateWithSchema(schema, { name: 'Saal', items: [{ url: 'https://example.org' }] })).toEqual({});
  });

  it('nests the messages by field path as react-final-form expects them', () => {
    expect(validateWithSchema(schema, { name: '', items: [{ url: 'https://example.org' }, { url: 'kein Link' }] })).toEqual({
      name: 'Pflichtfeld',
      items: [undefined, { url: 'Ungültige URL.' }],
    });
  });
});
