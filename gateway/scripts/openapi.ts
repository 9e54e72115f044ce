import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openApiDocument } from '../src/rest/openapi';
import { restRoutes } from '../src/rest/routes';

/** Writes the facade's OpenAPI document (as `/api/v1/openapi.json` serves it) to the given file, for `redocly lint`. */
const [file = 'generated/openapi.json'] = process.argv.slice(2);
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(openApiDocument(restRoutes), null, 2)}\n`);
