/** `npm run openapi`: writes the OpenAPI document generated from the route table to dist/openapi.json. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildOpenApi } from '../shared/openapi';

const out = join(resolve(import.meta.dirname, '..'), 'dist', 'openapi.json');
mkdirSync(join(out, '..'), { recursive: true });
const document = buildOpenApi();
writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
console.log(`Wrote ${out} (${Object.keys(document.paths).length} paths)`);
