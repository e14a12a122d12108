import {
  getNullableType,
  isInputObjectType,
  isListType,
  isScalarType,
  Kind,
  TypeInfo,
  valueFromASTUntyped,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { AppError } from '../errors.js';
import { fitsIdLength, idMessages } from '../ids.js';

/** An ID value longer than any stored id, with where it was sent. */
interface OversizedId {
  /** "tenantId", "input.bookableItems.0.bookableId". */
  path: string;
  /** An argument that is itself an ID names something to find; anything deeper is a field of the input. */
  isArgument: boolean;
}

/** The oversized ID values in a value of the given input type (variables already filled in). */
function oversizedIn(type: GraphQLInputType, value: unknown, path: string[], found: OversizedId[]): void {
  const nullable = getNullableType(type);
  if (value === null || value === undefined) return;
  if (isListType(nullable)) {
    // A single value stands for a list of one (GraphQL input coercion).
    if (Array.isArray(value)) value.forEach((item, index) => oversizedIn(nullable.ofType, item, [...path, String(index)], found));
    else oversizedIn(nullable.ofType, value, path, found);
    return;
  }
  if (isInputObjectType(nullable)) {
    if (typeof value !== 'object') return;
    for (const [name, field] of Object.entries(nullable.getFields())) oversizedIn(field.type, (value as Record<string, unknown>)[name], [...path, name], found);
    return;
  }
  if (isScalarType(nullable) && nullable.name === 'ID' && typeof value === 'string' && !fitsIdLength(value)) {
    found.push({ path: path.join('.'), isArgument: path.length === 1 });
  }
}

/**
 * The refusal of an operation that sends an ID longer than any stored one (shared/ids.ts), checked
 * before it runs: an ID argument answers generic.not-found as a lookup of it would, an ID inside an
 * input object or a list generic.validation naming the field. Null when every ID fits. Arguments
 * are read in the whole document, as literals or variables.
 */
export function oversizedIdError(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | null | undefined): AppError | null {
  const typeInfo = new TypeInfo(schema);
  const found: OversizedId[] = [];
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      [Kind.ARGUMENT]: (node) => {
        const argument = typeInfo.getArgument();
        if (!argument) return;
        const value = node.value.kind === Kind.VARIABLE ? variables?.[node.value.name.value] : valueFromASTUntyped(node.value, variables ?? undefined);
        oversizedIn(argument.type, value, [argument.name], found);
      },
    }),
  );
  if (found.length === 0) return null;
  const fields = found.filter((id) => !id.isArgument);
  if (fields.length === 0) return new AppError('generic.not-found');
  return new AppError('generic.validation', { fieldErrors: Object.fromEntries(fields.map((id) => [id.path, idMessages.tooLong])) });
}
