import 'reflect-metadata';
import { ConfigError, parseConfig } from './config/config.schema';
import { createApp } from './app.factory';
import { unreachableServices } from './preflight';

async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78);
    }
    throw e;
  }
  const problem = await unreachableServices(config);
  if (problem) {
    console.error(problem);
    process.exit(69);
  }
  const app = await createApp(config);
  await app.listen(config.PORT, config.HOST);
  console.log(`Paddock (${config.PROCESS_ROLE}) on ${config.PUBLIC_URL}`);
}

void main();
