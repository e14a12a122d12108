/**
 * The fields a GraphQL input actually carries: type-graphql builds class instances whose absent
 * fields are undefined. Explicit nulls stay (they clear a field); what the client left out goes,
 * so services can tell "unchanged" from "cleared".
 */
export function presentFields(input: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}
