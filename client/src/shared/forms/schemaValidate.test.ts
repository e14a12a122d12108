import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { looseObject, optionalMail, trimmedText } from '../../../../common/validation/schema';
import { schemaValidate, validateWithSchema } from './schemaValidate';

describe('schemaValidate', () => {
  const validate = schemaValidate(looseObject({ mail: optionalMail(100), items: z.array(looseObject({ title: trimmedText(3) })) }));

  it('answers no errors for valid values', () => {
    expect(validate({ mail: 'a@b.de', items: [{ title: 'ab' }] })).toEqual({});
  });

  it('puts each message at its field, nested along the dotted path', () => {
    expect(validate({ mail: 'kein', items: [{ title: 'ok' }, { title: 'zu lang' }] })).toEqual({ mail: 'E-Mail muss gültig sein', items: [undefined, { title: 'Höchstens 3 Zeichen' }] });
  });
});

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
