import axios from 'axios';
import { Metrics } from '../metrics/metrics';
import { PROVIDER_PATHS } from './provider-paths';
import { instrumentProviderHttp, operationOf } from './provider-metrics';

describe('provider metrics', () => {
  it('labels a call by its PROVIDER_PATHS entry, never by the ids in its path', () => {
    expect(operationOf(PROVIDER_PATHS.contents.stream('paddock', 'c-1', 'original'))).toBe('contents.stream');
    expect(operationOf(PROVIDER_PATHS.externalShares.share('s-1'))).toBe('externalShares.share');
    expect(operationOf(PROVIDER_PATHS.externalShares.events('s-1'))).toBe('externalShares.events');
    expect(operationOf(`${PROVIDER_PATHS.folders.getCategory()}?clientId=paddock`)).toBe(
      'folders.getCategory',
    );
    expect(operationOf('/somewhere/else')).toBe('other');
  });

  it('times each call by its outcome: ok, THRON 418, another status class, or no answer', async () => {
    const metrics = new Metrics({ PROCESS_ROLE: 'api' });
    const statuses = [200, 418, 503];
    let call = 0;
    const http = instrumentProviderHttp(
      axios.create({
        validateStatus: () => true,
        adapter: async (config) => {
          const status = statuses[call++];
          if (status === undefined) throw new axios.AxiosError('refused', 'ECONNREFUSED', config);
          return { data: {}, status, statusText: '', headers: {}, config };
        },
      }),
      metrics,
    );
    const url = PROVIDER_PATHS.identity.logout('paddock');
    for (let i = 0; i < statuses.length; i += 1) await http.post(url);
    await expect(http.post(url)).rejects.toThrow('refused');

    const counts = (await metrics.providerRequestDuration.get()).values
      .filter((v) => v.metricName === 'paddock_provider_request_duration_seconds_count')
      .map((v) => [v.labels.operation, v.labels.outcome, v.value]);
    expect(counts).toEqual([
      ['identity.logout', 'ok', 1],
      ['identity.logout', 'thron_418', 1],
      ['identity.logout', 'http_5xx', 1],
      ['identity.logout', 'transport', 1],
    ]);
  });
});
