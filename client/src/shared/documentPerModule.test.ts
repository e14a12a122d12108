import { describe, expect, it } from 'vitest';
import type { TransformResult } from 'vite';
import { documentPerModule } from '../../bundlePlugins';
import * as generated from '../gql/graphql';
import source from '../gql/graphql.ts?raw';

const ID = '/client/src/gql/graphql.ts';

interface Hooks {
  transform: (this: unknown, code: string, id: string) => TransformResult | null;
  resolveId: (this: unknown, source: string) => string | null;
  load: (this: unknown, id: string) => string | null;
}

const context = {
  error(message: string): never {
    throw new Error(message);
  },
};

// The build gives every document of the generated module a module of its own (client/bundlePlugins.ts).
describe('one module per GraphQL document', () => {
  it('re-exports every document of the generated module from a module that holds the same document', () => {
    const plugin = documentPerModule(ID) as unknown as Hooks;
    const result = plugin.transform.call(context, source, ID) as { code: string };
    const documents = Object.entries(generated);
    expect(documents.length).toBeGreaterThan(50);
    for (const [name, document] of documents) {
      const reexport = `export { ${name} } from 'virtual:gql-document/${name}';`;
      expect(result.code, name).toContain(reexport);
      const id = plugin.resolveId.call(context, `virtual:gql-document/${name}`);
      const code = plugin.load.call(context, id!);
      const prefix = `export const ${name} = `;
      expect(code!.startsWith(prefix), name).toBe(true);
      expect(JSON.parse(code!.slice(prefix.length).trim().replace(/;$/, '')), name).toEqual(document);
    }
    expect(result.code.split('\n')).toHaveLength(source.split('\n').length);
  });

  it('leaves other modules alone and refuses unknown runtime exports', () => {
    const plugin = documentPerModule(ID) as unknown as Hooks;
    expect(plugin.transform.call(context, 'export const a = 1;', '/client/src/other.ts')).toBeNull();
    expect(() => plugin.transform.call(context, `${source}\nexport const extra = 1;`, ID)).toThrow(/unexpected runtime export/);
    expect(() => plugin.transform.call(context, 'export type A = string;', ID)).toThrow(/no documents found/);
  });
});
