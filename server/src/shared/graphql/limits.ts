import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { GraphQLError, specifiedRules, validate, type DocumentNode, type GraphQLSchema, type ValidationContext, type ValidationRule } from 'graphql';

/**
 * Limits every GraphQL document must keep before it runs, over HTTP (Apollo) and WebSocket
 * (graphql-ws) alike. Fragments are flattened: only field nesting counts, so a document cannot
 * hide depth in fragments nor is charged for using them.
 *
 * Measured with these rules (tests/integration/hardening.test.ts checks both ends):
 * - the client's operations (the .graphql files under client/src): at most 5 field levels, cost at
 *   most ~314 (Me, SignIn, sessionChanged);
 * - the standard introspection query (graphql's getIntrospectionQuery, also with the options
 *   GraphiQL and graphql-codegen use): 15 field levels (__schema, types, fields, args, type, nine
 *   ofType and the leaf), cost ~15,600 when introspection is counted.
 */

/** Field levels: the standard introspection query needs 15, with one level of headroom. Introspection is not exempt. */
export const MAX_DEPTH = 16;

/** Cost of the data fields (introspection under __schema not counted): 16 times the client's costliest operation. */
export const MAX_COST = 5000;

/**
 * Cost of the whole document including __schema introspection: the standard introspection query
 * (~15,600) fits, floods of aliased introspection fields do not.
 */
export const MAX_COST_WITH_INTROSPECTION = 20_000;

/** Armor's rules throw "Syntax Error: …" by default; report a German validation error instead. */
function refuse(message: string) {
  return {
    propagateOnRejection: false,
    exposeLimits: false,
    onReject: [(context: ValidationContext | null) => context?.reportError(new GraphQLError(message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }))],
  };
}

export const graphqlLimitRules: ValidationRule[] = [
  maxDepthRule({ n: MAX_DEPTH, ignoreIntrospection: false, flattenFragments: true, ...refuse(`Die Anfrage ist zu tief verschachtelt (höchstens ${MAX_DEPTH} Ebenen).`) }),
  costLimitRule({ maxCost: MAX_COST, ignoreIntrospection: true, flattenFragments: true, ...refuse(`Die Anfrage ist zu aufwendig (höchstens Kosten von ${MAX_COST}).`) }),
  costLimitRule({
    maxCost: MAX_COST_WITH_INTROSPECTION,
    ignoreIntrospection: false,
    flattenFragments: true,
    ...refuse(`Die Anfrage ist zu aufwendig (höchstens Kosten von ${MAX_COST_WITH_INTROSPECTION} einschließlich Introspektion).`),
  }),
];

/** graphql's validate with the limits, for graphql-ws (Apollo takes graphqlLimitRules as validationRules). */
export function validateWithLimits(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] {
  return validate(schema, document, [...specifiedRules, ...graphqlLimitRules]);
}
