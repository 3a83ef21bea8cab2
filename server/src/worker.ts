import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { PinoLogger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { announce } from './common/announce';
import { logParamsOf } from './common/log-params';
import { QuietBootstrapLogger } from './common/quiet-bootstrap.logger';
import { loadConfigOrExit } from './preflight';

/**
 * A worker-only process: processors and schedules, no HTTP (PROCESS_ROLE=worker). Its logger is
 * given before the context is created, not buffered until `useLogger`: a context starts its
 * workers while it initialises, so a job waiting in the queue starts meanwhile, and lines buffered
 * then would be written later, outside the job, without the correlation id of its request.
 */
async function main(): Promise<void> {
  const config = await loadConfigOrExit({ ...process.env, PROCESS_ROLE: 'worker' });
  const params = logParamsOf(config);
  const logger = new QuietBootstrapLogger(new PinoLogger(params), params);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger });
  app.enableShutdownHooks();
  announce('Paddock worker started');
}

void main();
