import type { Plugin } from 'vite';

/*
 * Build-only plugins that keep code out of the chunks every page downloads (vite.config.ts).
 * No node: imports here, so the client tsconfig (DOM types only) can check this file too.
 */

const DOCUMENT_LINE = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.+>;$/;
const VIRTUAL_PREFIX = 'virtual:gql-document/';

/**
 * One module per typed GraphQL document. Codegen writes all documents into one module,
 * `src/gql/graphql.ts`; a module is never split across chunks, so every document used by any
 * screen would land in one shared chunk that every page downloads (the public booking page loading
 * the admin screens' queries). Here each `export const XDocument = {…} as unknown as DocumentNode<…>;`
 * line of that module becomes a re-export of a module of its own, so each document travels with the
 * chunks that use it. The generated file and its imports stay as codegen writes them; the types are
 * erased anyway. Fails the build if the file contains a runtime export it does not recognise.
 */
export function documentPerModule(graphqlModule: string): Plugin {
  const documents = new Map<string, string>();
  return {
    name: 'gql-document-per-module',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source.startsWith(VIRTUAL_PREFIX) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL_PREFIX}`)) return null;
      const name = id.slice(VIRTUAL_PREFIX.length + 1);
      const literal = documents.get(name);
      if (literal === undefined) return this.error(`gql-document-per-module: unknown document ${name}`);
      return `export const ${name} = ${literal};\n`;
    },
    transform(code, id) {
      if (id !== graphqlModule) return null;
      let count = 0;
      const lines = code.split('\n').map((line) => {
        const match = DOCUMENT_LINE.exec(line);
        if (!match) {
          if (/^export (const|let|var|function|class|enum)\b/.test(line)) this.error(`gql-document-per-module: unexpected runtime export in ${id}: ${line.slice(0, 80)}`);
          return line;
        }
        const [, name, literal] = match;
        documents.set(name, literal);
        count++;
        return `export { ${name} } from '${VIRTUAL_PREFIX}${name}';`;
      });
      if (count === 0) this.error(`gql-document-per-module: no documents found in ${id}; has codegen's output changed?`);
      return { code: lines.join('\n'), map: null };
    },
  };
}

/**
 * Blueprint's icon loader imports `iconNames.js`, a table of all ~700 icon names (about 9 KB
 * compressed) that every page would download just to validate names; the build uses the slim
 * stand-in `src/shared/blueprintIconNames.ts` instead. Fails the build if Blueprint no longer
 * imports that module, so the replacement cannot silently stop working after an upgrade.
 */
export function slimBlueprintIconNames(replacement: string): Plugin {
  let replaced = false;
  return {
    name: 'slim-blueprint-icon-names',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      replaced = false;
    },
    resolveId(source, importer) {
      if (source !== './iconNames' || !importer || !/[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]/.test(importer)) return null;
      replaced = true;
      return replacement;
    },
    buildEnd(error) {
      if (!error && !replaced) this.error('slim-blueprint-icon-names: @blueprintjs/icons no longer imports ./iconNames; check the replacement.');
    },
  };
}

/** The modules reachable from an entry through static imports (before tree-shaking: an upper bound). */
function staticClosure(entry: string, importsOf: (id: string) => readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [entry];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...importsOf(id));
  }
  return reached;
}

/**
 * The modules the app entry (`appEntry`, an HTML input) runs before its first render travel in one
 * chunk, instead of the many small shared chunks automatic splitting cuts them into: every module
 * the sign-in page shares with some admin screen became a chunk of its own (34 files for /login),
 * and compressed one by one they came to about 12 KB more than together. Modules another entry
 * (GraphiQL) may load too stay with automatic splitting, so GraphiQL never loads the app's modules.
 * Lazy screens still download only what is not in that chunk.
 */
export function appShellChunk(appEntry: string): Plugin {
  let otherEntriesReach = new Set<string>();
  return {
    name: 'app-shell-chunk',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      if (!entries.includes(appEntry)) return this.error(`app-shell-chunk: ${appEntry} is not an entry of the build`);
      otherEntriesReach = new Set(entries.filter((id) => id !== appEntry).flatMap((id) => [...staticClosure(id, importsOf)]));
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [{ name: 'shell', tags: ['$initial'], test: (id: string) => !otherEntriesReach.has(id), includeDependenciesRecursively: false }],
        },
      };
    },
  };
}
