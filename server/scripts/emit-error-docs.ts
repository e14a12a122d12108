import { writeFileSync } from 'node:fs';
import { renderErrorDocs } from './error-docs.js';

/** Writes docs/errors.md from the error catalogue (npm run docs:errors). */
writeFileSync(new URL('../../docs/errors.md', import.meta.url), renderErrorDocs());
console.log('docs/errors.md geschrieben');
