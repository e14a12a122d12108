import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed documents for the client, generated from the checked-in schema.graphql and the client's
 * .graphql operation files. Operations live in .graphql files (not graphql() calls) so every
 * screen imports only its own `…Document` constants and route chunks stay separate.
 * The freshness check (tests/freshness) compares this output with the checked-in files, so no
 * formatter hooks may run after generation.
 * The build splits the generated module into one module per document (client/bundlePlugins.ts), so
 * each page downloads only the documents its screens use.
 */

const clientConfig = {
  useTypeImports: true,
  enumsAsTypes: true,
  defaultScalarType: 'unknown',
  scalars: { DateTimeISO: 'string', Upload: 'File' },
  avoidOptionals: { field: true, inputValue: false, object: false, defaultValue: false },
  nonOptionalTypename: false,
  skipTypename: false,
};

const config: CodegenConfig = {
  schema: 'schema.graphql',
  ignoreNoDocuments: false,
  generates: {
    'client/src/gql/': {
      documents: ['client/src/**/*.graphql'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: clientConfig,
    },
  },
};

export default config;
