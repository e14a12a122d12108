import { apiDocument } from './src/api-document.ts';
console.log(JSON.stringify(apiDocument('0.1.0'), null, 1).slice(0, 6000));
