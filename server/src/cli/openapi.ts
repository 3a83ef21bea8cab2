import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp, openApiDocument } from '../app.factory';
import { loadConfigOrExit } from '../preflight';
import { stableJson } from '../common/stable-json';

/** `npm run openapi`: writes the hub API contract to server/openapi.json (a test compares). */
async function main(): Promise<void> {
  const config = await loadConfigOrExit({
    ...process.env,
    LOG_LEVEL: 'silent',
    PROCESS_ROLE: 'api',
    // Nobody scrapes it: a free port, not the one a running api holds.
    METRICS_PORT: '0',
  });
  const app = await createApp(config);
  try {
    await app.init();
    const file = join(__dirname, '../../openapi.json');
    writeFileSync(file, stableJson(openApiDocument(app)));
    console.log(`Wrote ${file}`);
  } finally {
    await app.close();
  }
}

void main();
