import { Inject, Injectable } from '@nestjs/common';
import { ERROR_CODES } from '@paddock/rules';
import { BLOB_STORE, type BlobStore } from '../blob-store/blob-store';
import { JobQueues } from '../jobs/job-queues';
import { ProviderError } from '../common/provider-error';
import { PROVIDER_GATEWAY, type ProviderGateway } from '../provider/provider.gateway';
import { HealthRepository } from './health.repository';

/** Each probe's longest wait: a load balancer's health check must be answered, even when a dependency hangs. */
export const HEALTH_PROBE_TIMEOUT_MS = 2_000;

export const DEPENDENCIES = ['database', 'redis', 'provider', 'blobStore'] as const;
export type Dependency = (typeof DEPENDENCIES)[number];

export interface DependencyHealth {
  status: 'ok' | 'down';
  /** Why it is down, in a few words that name no host, account or path. */
  reason?: string;
}

export interface HealthReport {
  status: 'ok' | 'down';
  checks: Record<Dependency, DependencyHealth>;
}

/** A blob key that never exists: asking for it proves the store answers, and writes nothing. */
const PROBE_KEY = 'health/probe';
/** Not a token the provider issued: it answers "unauthenticated", which proves it answers. */
const PROBE_TOKEN = 'paddock-health-probe';

class ProbeTimeout extends Error {}

/** An error code as short as `ECONNREFUSED` or `P1001` says what failed and nothing more. */
function reasonOf(error: unknown): string {
  if (error instanceof ProbeTimeout) return `no answer within ${HEALTH_PROBE_TIMEOUT_MS} ms`;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,39}$/.test(code) ? code : 'unavailable';
}

async function probe(check: () => Promise<void>): Promise<DependencyHealth> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout()), HEALTH_PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return { status: 'ok' };
  } catch (error) {
    return { status: 'down', reason: reasonOf(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Which of the api's dependencies answer, all asked at once, each within HEALTH_PROBE_TIMEOUT_MS. */
@Injectable()
export class HealthService {
  constructor(
    private readonly database: HealthRepository,
    private readonly queues: JobQueues,
    @Inject(PROVIDER_GATEWAY) private readonly provider: ProviderGateway,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async check(): Promise<HealthReport> {
    const probes: Record<Dependency, () => Promise<void>> = {
      database: () => this.database.ping(),
      redis: () => this.queues.ping(),
      provider: () => this.providerAnswers(),
      blobStore: async () => void (await this.blobs.exists(PROBE_KEY)),
    };
    const results = await Promise.all(DEPENDENCIES.map((name) => probe(probes[name])));
    const checks = Object.fromEntries(
      DEPENDENCIES.map((name, i) => [name, results[i]]),
    ) as HealthReport['checks'];
    return { status: results.every((r) => r.status === 'ok') ? 'ok' : 'down', checks };
  }

  /** Any answer but "unavailable" (down, timed out, answering nonsense, CLIENT_ID unknown) is up. */
  private async providerAnswers(): Promise<void> {
    try {
      await this.provider.validateToken(PROBE_TOKEN);
    } catch (error) {
      if (error instanceof ProviderError && error.code !== ERROR_CODES.PROVIDER_UNAVAILABLE) return;
      throw error;
    }
  }
}
