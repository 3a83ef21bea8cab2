import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/config.module';
import { Metrics } from './metrics';
import { MetricsController } from './metrics.controller';
import { MetricsListener } from './metrics-listener';

/**
 * The process's metrics, for every module to record into. The api serves them at GET /metrics;
 * a worker process, which has no HTTP server, on its own METRICS_PORT.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(config: AppConfig): DynamicModule {
    const worker = config.PROCESS_ROLE === 'worker';
    return {
      module: MetricsModule,
      providers: worker ? [Metrics, MetricsListener] : [Metrics],
      controllers: worker ? [] : [MetricsController],
      exports: [Metrics],
    };
  }
}
