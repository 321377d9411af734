import fs from 'node:fs';
import { printedSchema } from './schema.ts';

// `npm run gen:schema`: writes schema.graphql at the root (a test fails when it is stale).
fs.writeFileSync('schema.graphql', printedSchema() + '\n');
console.log('schema.graphql written');
