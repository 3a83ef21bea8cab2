import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';
import { MetricsListener } from './metrics-listener';

/**
 * The process's metrics, for every module to record into, served on METRICS_PORT by a listener
 * of their own in every role: never on the api's app port, where anyone could read route
 * templates, latencies and job names.
 */
@Global()
@Module({ providers: [Metrics, MetricsListener], exports: [Metrics, MetricsListener] })
export class MetricsModule {}
