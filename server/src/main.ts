import 'reflect-metadata';
import { createApp } from './app.factory';
import { announce } from './common/announce';
import { loadConfigOrExit } from './preflight';

async function main(): Promise<void> {
  const config = await loadConfigOrExit();
  const app = await createApp(config);
  await app.listen(config.PORT, config.HOST);
  announce(`Paddock (${config.PROCESS_ROLE}) on ${config.PUBLIC_URL}`);
}

void main();
