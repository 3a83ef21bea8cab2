import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Registry } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { Metrics } from './metrics';

/** Answers GET /metrics on METRICS_PORT, and nothing else: kept apart from the app port, which the proxy publishes. */
@Injectable()
export class MetricsListener implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MetricsListener.name);
  private readonly server: Server;

  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      this.metrics.text().then(
        (text) => res.writeHead(200, { 'Content-Type': Registry.PROMETHEUS_CONTENT_TYPE }).end(text),
        (err: unknown) => {
          this.logger.warn({ err }, 'Could not collect the metrics');
          res.writeHead(500).end();
        },
      );
    });
  }

  /** Where it listens (METRICS_PORT 0 takes a free port). */
  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  async onApplicationBootstrap(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.config.METRICS_PORT, this.config.HOST, resolve);
    });
    this.logger.log(`Metrics on ${this.config.HOST}:${this.port}/metrics`);
  }

  async onModuleDestroy(): Promise<void> {
    if (!this.server.listening) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
