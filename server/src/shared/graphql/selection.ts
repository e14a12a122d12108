import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * The field names a query selects below the resolved field, following fragments, at the given path
 * (e.g. ['items'] for the fields asked of each item of a page). Resolvers use it to skip work for
 * fields nobody asked for (a count, a join).
 */
export function selectedFields(info: GraphQLResolveInfo, path: readonly string[] = []): Set<string> {
  let sets: SelectionSetNode[] = info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  for (const step of path) sets = sets.flatMap((set) => fieldsIn(info, set).filter((field) => field.name === step && field.selectionSet).map((field) => field.selectionSet as SelectionSetNode));
  return new Set(sets.flatMap((set) => fieldsIn(info, set).map((field) => field.name)));
}

function fieldsIn(info: GraphQLResolveInfo, set: SelectionSetNode): { name: string; selectionSet?: SelectionSetNode }[] {
  return set.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [{ name: selection.name.value, selectionSet: selection.selectionSet }];
    if (selection.kind === Kind.INLINE_FRAGMENT) return fieldsIn(info, selection.selectionSet);
    const fragment = info.fragments[selection.name.value];
    return fragment ? fieldsIn(info, fragment.selectionSet) : [];
  });
}
