import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import type { NextFunction, Request, Response } from 'express';
import {
  GraphQLError,
  Kind,
  Lexer,
  parse,
  Source,
  specifiedRules,
  TokenKind,
  validate,
  visit,
  visitInParallel,
  type DocumentNode,
  type GraphQLSchema,
  type ParseOptions,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { oversizedIdError } from './ids.js';

/**
 * Limits every GraphQL document must keep before it runs, over HTTP (Apollo) and WebSocket
 * (graphql-ws) alike: its length and token count (checked before parsing), how deeply fragments
 * spread into fragments, the field depth and the cost. Fragments are flattened for depth and
 * cost: only field nesting counts, so a document cannot hide depth in fragments nor is charged for
 * using them. Subscriptions run over WebSocket only.
 *
 * Measured with these rules (tests/integration/hardening.test.ts checks both ends):
 * - the client's operations (the .graphql files under client/src): at most 5 field levels, cost at
 *   most ~314 (Me, SignIn, sessionChanged);
 * - the standard introspection query (graphql's getIntrospectionQuery, also with the options
 *   GraphiQL and graphql-codegen use): 15 field levels (__schema, types, fields, args, type, nine
 *   ofType and the leaf), cost ~15,600 when introspection is counted, about 200 tokens, fragments
 *   nested 3 deep (FullType, InputValue, TypeRef);
 * - the client's .graphql files: at most 433 tokens each, 3,326 all together.
 */

/** Characters of the query text (variables travel beside it, within the 1 MB body limit). */
export const MAX_QUERY_LENGTH = 100_000;

/** Lexical tokens of the query text: three times all of the client's operations together. */
export const MAX_TOKENS = 10_000;

/**
 * Fragments spread within fragments, one chain: the limit rules and graphql's own fragment checks
 * follow such chains recursively, and 2,000 chained fragments overflowed the stack.
 */
export const MAX_FRAGMENT_DEPTH = 10;

/** graphql's parser stops at MAX_TOKENS as well (Apollo's parseOptions, the WebSocket's parse). */
export const graphqlParseOptions: ParseOptions = { maxTokens: MAX_TOKENS };

/** Field levels: the standard introspection query needs 15, with one level of headroom. Introspection is not exempt. */
export const MAX_DEPTH = 16;

/** Cost of the data fields (introspection under __schema not counted): 16 times the client's costliest operation. */
export const MAX_COST = 5000;

/**
 * Cost of the whole document including __schema introspection: the standard introspection query
 * (~15,600) fits, floods of aliased introspection fields do not.
 */
export const MAX_COST_WITH_INTROSPECTION = 20_000;

const limitError = (message: string) => new GraphQLError(message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });

/**
 * The refusal of a query text too long or of too many tokens, before anything parses it; null when
 * it fits (a syntax error is left to the parser, which names it).
 */
export function sourceLimitError(source: string): GraphQLError | null {
  if (source.length > MAX_QUERY_LENGTH) return limitError(`Die Anfrage ist zu lang (höchstens ${MAX_QUERY_LENGTH.toLocaleString('de-DE')} Zeichen).`);
  // Every token takes at least one character: a shorter text needs no count.
  if (source.length <= MAX_TOKENS) return null;
  const lexer = new Lexer(new Source(source));
  try {
    for (let tokens = 0; lexer.advance().kind !== TokenKind.EOF; ) {
      if (++tokens > MAX_TOKENS) return limitError(`Die Anfrage besteht aus zu vielen Bestandteilen (höchstens ${MAX_TOKENS.toLocaleString('de-DE')} Token).`);
    }
  } catch {
    return null;
  }
  return null;
}

/** The fragments each fragment spreads, by name (visit walks the tree without recursion). */
function fragmentSpreads(document: DocumentNode): Map<string, string[]> {
  const spreads = new Map<string, string[]>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.FRAGMENT_DEFINITION) continue;
    const names: string[] = [];
    visit(definition.selectionSet, { FragmentSpread: (node) => void names.push(node.name.value) });
    spreads.set(definition.name.value, names);
  }
  return spreads;
}

/**
 * The longest chain of fragments spreading fragments (1: a fragment without spreads; 0: none),
 * Infinity for a cycle. Computed with an explicit stack, so no document can overflow it.
 */
export function fragmentDepth(document: DocumentNode): number {
  const spreads = fragmentSpreads(document);
  const depth = new Map<string, number>();
  const onPath = new Set<string>();
  for (const start of spreads.keys()) {
    if (depth.has(start)) continue;
    const stack = [{ name: start, next: 0 }];
    onPath.add(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const children = spreads.get(top.name) ?? [];
      if (top.next < children.length) {
        const child = children[top.next++];
        if (!spreads.has(child) || depth.has(child)) continue;
        if (onPath.has(child)) return Infinity;
        onPath.add(child);
        stack.push({ name: child, next: 0 });
      } else {
        depth.set(top.name, 1 + children.reduce((deepest, child) => Math.max(deepest, depth.get(child) ?? 0), 0));
        onPath.delete(top.name);
        stack.pop();
      }
    }
  }
  return [...depth.values()].reduce((deepest, value) => Math.max(deepest, value), 0);
}

/**
 * The depth and cost rules behind the fragment check: they flatten fragments recursively, so they
 * run only on documents whose fragments nest at most MAX_FRAGMENT_DEPTH deep and without cycles
 * (graphql's NoFragmentCyclesRule names a cycle).
 */
function withinFragmentDepth(rules: ValidationRule[]): ValidationRule {
  return (context) => {
    const depth = fragmentDepth(context.getDocument());
    if (depth === Infinity) return {};
    if (depth > MAX_FRAGMENT_DEPTH) {
      context.reportError(limitError(`Die Fragmente der Anfrage sind zu tief ineinander verschachtelt (höchstens ${MAX_FRAGMENT_DEPTH} Ebenen).`));
      return {};
    }
    return visitInParallel(rules.map((rule) => rule(context)));
  };
}

/** Armor's rules throw "Syntax Error: …" by default; report a German validation error instead. */
function refuse(message: string) {
  return {
    propagateOnRejection: false,
    exposeLimits: false,
    onReject: [(context: ValidationContext | null) => context?.reportError(new GraphQLError(message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }))],
  };
}

export const graphqlLimitRules: ValidationRule[] = [
  withinFragmentDepth([
    maxDepthRule({ n: MAX_DEPTH, ignoreIntrospection: false, flattenFragments: true, ...refuse(`Die Anfrage ist zu tief verschachtelt (höchstens ${MAX_DEPTH} Ebenen).`) }),
    costLimitRule({ maxCost: MAX_COST, ignoreIntrospection: true, flattenFragments: true, ...refuse(`Die Anfrage ist zu aufwendig (höchstens Kosten von ${MAX_COST}).`) }),
    costLimitRule({
      maxCost: MAX_COST_WITH_INTROSPECTION,
      ignoreIntrospection: false,
      flattenFragments: true,
      ...refuse(`Die Anfrage ist zu aufwendig (höchstens Kosten von ${MAX_COST_WITH_INTROSPECTION} einschließlich Introspektion).`),
    }),
  ]),
];

/** graphql's validate with the limits, for graphql-ws (Apollo takes graphqlLimitRules as validationRules). */
export function validateWithLimits(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] {
  return validate(schema, document, [...specifiedRules, ...graphqlLimitRules]);
}

/** The query text of an HTTP request: a JSON or multipart body's `query`, or GET's query parameter. */
function querySource(req: Request): unknown {
  const body: unknown = req.body;
  if (body && typeof body === 'object' && !Array.isArray(body) && 'query' in body) return (body as { query: unknown }).query;
  return req.method === 'GET' ? req.query.query : undefined;
}

/**
 * Over HTTP, before Apollo parses: a query text too long or of too many tokens answers 400 with
 * GRAPHQL_VALIDATION_FAILED (Apollo's parseOptions would stop the parser too, in English only).
 */
export function rejectOversizedGraphqlSource(req: Request, res: Response, next: NextFunction): void {
  const source = querySource(req);
  const error = typeof source === 'string' ? sourceLimitError(source) : null;
  if (!error) return next();
  res.status(400).json({ errors: [error.toJSON()] });
}

export const SUBSCRIPTION_OVER_HTTP = 'SUBSCRIPTION_OVER_HTTP';

/**
 * Over HTTP, once Apollo knows the operation: a subscription answers 400 (it runs over WebSocket
 * only; executed like a query it would fail inside), and an oversized ID answers as
 * oversizedIdError says, before any resolver passes it on.
 */
export const operationLimitsPlugin: ApolloServerPlugin<BaseContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, document, request, response, schema }) {
        if (operation?.operation === 'subscription') {
          response.http.status = 400;
          throw new GraphQLError('Abonnements (subscription) laufen nur über WebSocket (graphql-ws) auf /graphql.', { extensions: { code: SUBSCRIPTION_OVER_HTTP } });
        }
        const idError = oversizedIdError(schema, document, request.variables);
        if (idError) {
          response.http.status = idError.status;
          throw idError;
        }
      },
    };
  },
};

/**
 * An operation over WebSocket checked like one over HTTP (length, tokens, validation with the
 * limits, oversized IDs): the parsed document to run, or the errors to answer with.
 */
export function checkedSocketOperation(
  schema: GraphQLSchema,
  payload: { query: string; variables?: Record<string, unknown> | null },
): { document: DocumentNode } | { errors: readonly GraphQLError[] } {
  const sourceError = sourceLimitError(payload.query);
  if (sourceError) return { errors: [sourceError] };
  let document: DocumentNode;
  try {
    document = parse(payload.query, graphqlParseOptions);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { errors: [new GraphQLError(message, { extensions: { code: 'GRAPHQL_PARSE_FAILED' } })] };
  }
  const validationErrors = validateWithLimits(schema, document);
  if (validationErrors.length > 0) return { errors: validationErrors };
  const idError = oversizedIdError(schema, document, payload.variables);
  return idError ? { errors: [idError] } : { document };
}
