import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed documents for the client, generated from the checked-in schema.graphql and the client's
 * .graphql operation files. Operations live in .graphql files (not graphql() calls) so every
 * screen imports only its own `…Document` constants and route chunks stay separate.
 * The freshness check (tests/freshness) compares this output with the checked-in files, so no
 * formatter hooks may run after generation.
 *
 * The kanban board's documents go to a module of their own (client/src/gql/kanban/): a module is
 * never split across chunks, and the main module is loaded by every page, so its documents would
 * make /login and /checkout download the board's queries. The kanban output also reads
 * bookings.graphql for the StaffBookingRow fragment its cards share with the list.
 */
const KANBAN_DOCUMENTS = 'client/src/bookings/kanban/**/*.graphql';

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
      documents: ['client/src/**/*.graphql', `!${KANBAN_DOCUMENTS}`],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: clientConfig,
    },
    'client/src/gql/kanban/': {
      documents: [KANBAN_DOCUMENTS, 'client/src/bookings/staff/bookings.graphql'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      // The schema's types are in the main module already; here only what the operations need.
      config: { ...clientConfig, onlyOperationTypes: true },
    },
  },
};

export default config;
