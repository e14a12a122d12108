import path from 'node:path';
import { precompressFolder } from '../src/shared/http/static-assets.js';

/** After the client build: brotli and gzip copies beside the built files (npm run build:client). */
const folder = path.resolve(process.argv[2] ?? 'dist/client');
const started = Date.now();
const { files, bytes, brotliBytes } = await precompressFolder(folder);
const kilobytes = (value: number) => `${(value / 1024).toFixed(0)} KB`;
console.log(`${files} Dateien komprimiert in ${((Date.now() - started) / 1000).toFixed(1)} s: ${kilobytes(bytes)} → ${kilobytes(brotliBytes)} (brotli)`);
