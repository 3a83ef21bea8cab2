import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { announce } from './common/announce';
import { QuietBootstrapLogger } from './common/quiet-bootstrap.logger';
import { loadConfigOrExit } from './preflight';

/** A worker-only process: processors and schedules, no HTTP (PROCESS_ROLE=worker). */
async function main(): Promise<void> {
  const config = await loadConfigOrExit({ ...process.env, PROCESS_ROLE: 'worker' });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(QuietBootstrapLogger));
  app.enableShutdownHooks();
  announce('Paddock worker started');
}

void main();
