import { Kind, parse, type FieldNode, type FragmentDefinitionNode, type GraphQLResolveInfo, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { selectedFields } from './selection.js';

/** The resolve info of the operation's first root field, as far as selectedFields reads it. */
function infoOf(query: string): GraphQLResolveInfo {
  const document = parse(query);
  const operation = document.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
  const fragments = Object.fromEntries(
    document.definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION).map((fragment) => [fragment.name.value, fragment]),
  );
  return { fieldNodes: [operation.selectionSet.selections[0] as FieldNode], fragments } as unknown as GraphQLResolveInfo;
}

describe('selectedFields', () => {
  it('names the fields selected below the resolved field, and below a path', () => {
    const info = infoOf('{ bookings(tenantId: "t") { total items { id workflowStatus } } }');
    expect([...selectedFields(info)]).toEqual(['total', 'items']);
    expect([...selectedFields(info, ['items'])]).toEqual(['id', 'workflowStatus']);
    expect(selectedFields(info, ['nothing']).size).toBe(0);
  });

  it('follows named and inline fragments', () => {
    const info = infoOf('query { bookings(tenantId: "t") { ...Page ... on BookingPage { limit } } } fragment Page on BookingPage { items { ...Row } } fragment Row on Booking { name }');
    expect([...selectedFields(info)].sort()).toEqual(['items', 'limit']);
    expect([...selectedFields(info, ['items'])]).toEqual(['name']);
  });
});
