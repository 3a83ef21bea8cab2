import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ConfigError, parseConfig } from './config/config.schema';
import { unreachableServices } from './preflight';

/** A worker-only process: processors and schedules, no HTTP (PROCESS_ROLE=worker). */
async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig({ ...process.env, PROCESS_ROLE: 'worker' });
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
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  console.log('Paddock worker started');
}

void main();
