/**
 * Writes docs/openapi.json from the contract (`npm run openapi`). The document is built by
 * `buildOpenApiDocument` in @sportspyder/contract, so the staleness test builds the same thing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument, serializeOpenApiDocument } from '../packages/contract/src/openapi.js';

const root = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const { version } = JSON.parse(readFileSync(root('packages/contract/package.json'), 'utf8')) as {
  version: string;
};
const target = root('docs/openapi.json');
writeFileSync(target, serializeOpenApiDocument(buildOpenApiDocument(version)));
console.log(`wrote ${target}`);
