import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { buildAppSchema, printAppSchema } from '../src/schema.js';

/** Writes schema.graphql from the code (npm run schema:emit). */
const schema = await buildAppSchema();
writeFileSync(new URL('../../schema.graphql', import.meta.url), printAppSchema(schema));
console.log('schema.graphql geschrieben');
