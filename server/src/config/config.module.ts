import { Global, Module } from '@nestjs/common';
import { parseConfig, type AppConfig } from './config.schema';

/** Injection token of the typed configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/**
 * The only reader of process.env (CONVENTIONS §5). Built on @nestjs/config's idea of one
 * validated schema, but with zod so the same parse serves the boot check in main.ts.
 */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig = parseConfig(process.env)) {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}

export type { AppConfig };
