import 'reflect-metadata';
import { generate } from '@graphql-codegen/cli';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import codegenConfig from '../../codegen.js';
import { renderErrorDocs } from '../../server/scripts/error-docs.js';
import { buildAppSchema, printAppSchema } from '../../server/src/schema.js';

/**
 * Fails when a generated, checked-in file no longer matches its source: schema.graphql against
 * the resolvers, the client's typed documents against schema.graphql and the client's operations,
 * docs/errors.md against the error catalogue. Regenerate with `npm run schema:emit && npm run codegen`
 * and `npm run docs:errors`.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const stale: string[] = [];

const schemaFile = path.join(root, 'schema.graphql');
const emitted = printAppSchema(await buildAppSchema());
if (!existsSync(schemaFile) || readFileSync(schemaFile, 'utf8') !== emitted) stale.push('schema.graphql (npm run schema:emit)');

const errorDocs = path.join(root, 'docs/errors.md');
if (!existsSync(errorDocs) || readFileSync(errorDocs, 'utf8') !== renderErrorDocs()) stale.push('docs/errors.md (npm run docs:errors)');

process.chdir(root);
const outputs = await generate({ ...codegenConfig, silent: true }, false);
for (const output of outputs) {
  const file = path.resolve(root, output.filename);
  if (!existsSync(file) || readFileSync(file, 'utf8') !== output.content) stale.push(`${path.relative(root, file)} (npm run codegen)`);
}

if (stale.length > 0) {
  console.error(`Veraltete generierte Dateien:\n  ${stale.join('\n  ')}`);
  process.exit(1);
}
console.log(`Generierte Dateien aktuell: schema.graphql, docs/errors.md und ${outputs.length} Codegen-Ausgaben.`);
