import { isAxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { Logger } from '@nestjs/common';
import type { Metrics } from '../metrics/metrics';
import { PROVIDER_PATHS } from './provider-paths';

/** Stands for each argument of a path function while its template is read. */
const ARG = 'PROVIDERPATHARG';

/**
 * PROVIDER_PATHS read back as patterns, so a call is labelled by its entry (`contents.stream`)
 * rather than by its path, whose ids would make a series each.
 */
const OPERATIONS: readonly { operation: string; pattern: RegExp }[] = Object.entries(PROVIDER_PATHS).flatMap(
  ([group, paths]) =>
    Object.entries(paths as Record<string, (...args: string[]) => string>).map(([name, path]) => {
      const template = path(...Array.from({ length: path.length }, () => ARG));
      const source = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll(ARG, '[^/]+');
      return { operation: `${group}.${name}`, pattern: new RegExp(`^${source}$`) };
    }),
);

export function operationOf(url: string | undefined): string {
  const path = (url ?? '').split('?')[0];
  return OPERATIONS.find((o) => o.pattern.test(path))?.operation ?? 'other';
}

/** THRON answers business errors with 418 (research §1); any other status by its class. */
function outcomeOf(status: number): string {
  if (status >= 200 && status < 300) return 'ok';
  return status === 418 ? 'thron_418' : `http_${Math.floor(status / 100)}xx`;
}

const logger = new Logger('ProviderCall');

/**
 * Times every call of the provider's axios instance, by operation and outcome, into `metrics`,
 * and logs it at debug level: under the correlation id of the request or job that made it.
 */
export function instrumentProviderHttp(http: AxiosInstance, metrics: Metrics): AxiosInstance {
  const timers = new WeakMap<InternalAxiosRequestConfig, (labels: { outcome: string }) => number>();
  const end = (config: InternalAxiosRequestConfig | undefined, outcome: string) => {
    const seconds = config && timers.get(config)?.({ outcome });
    if (seconds !== undefined)
      logger.debug(
        { operation: operationOf(config?.url), outcome, ms: Math.round(seconds * 1000) },
        'Provider call',
      );
  };
  http.interceptors.request.use((config) => {
    timers.set(config, metrics.providerRequestDuration.startTimer({ operation: operationOf(config.url) }));
    return config;
  });
  http.interceptors.response.use(
    (res: AxiosResponse) => {
      end(res.config, outcomeOf(res.status));
      return res;
    },
    // Every status resolves (createProviderHttp), so what rejects here never reached an answer.
    (error: unknown) => {
      if (isAxiosError(error))
        end(
          error.config,
          error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' ? 'timeout' : 'transport',
        );
      return Promise.reject(error);
    },
  );
  return http;
}
