import { Readable } from 'node:stream';
import axios, {
  AxiosError,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { createProviderHttp } from '../../src/provider/http-provider.gateway';
import { ProviderError } from '../../src/common/provider-error';

/** One provider answer, or a connection that fails with `network` as its error code. */
export type ProviderReply = { status: number; data: unknown } | { network: string };

/**
 * The hub's provider HTTP client with a scripted transport, for unit specs of one gateway: each
 * request gets `reply(request)` and is kept in `sent`. No socket is opened.
 */
export function scriptedProviderHttp(reply: (request: InternalAxiosRequestConfig) => ProviderReply): {
  http: AxiosInstance;
  sent: InternalAxiosRequestConfig[];
} {
  const sent: InternalAxiosRequestConfig[] = [];
  const http = createProviderHttp('http://provider.test/api');
  http.defaults.adapter = async (config): Promise<AxiosResponse> => {
    sent.push(config);
    return answered(config, reply(config));
  };
  return { http, sent };
}

/**
 * Scripts an app's provider client (the one axios instance of ProviderModule): a request for which
 * `reply` answers gets that answer, any other goes to the real provider.
 */
export function scriptProvider(
  http: AxiosInstance,
  reply: (request: InternalAxiosRequestConfig) => ProviderReply | undefined,
): void {
  const real = axios.getAdapter(http.defaults.adapter);
  http.defaults.adapter = async (config): Promise<AxiosResponse> => {
    const answer = reply(config);
    return answer ? answered(config, answer) : real(config);
  };
}

/** The scripted answer as axios would give it (a stream when the call asked for one). */
function answered(config: InternalAxiosRequestConfig, answer: ProviderReply): AxiosResponse {
  if ('network' in answer) throw new AxiosError('no answer', answer.network, config);
  const data =
    config.responseType === 'stream'
      ? Readable.from([Buffer.from(JSON.stringify(answer.data))])
      : answer.data;
  return { status: answer.status, statusText: '', data, headers: {}, config };
}

/** Answers the requests with `replies`, in order; one request too many fails the test. */
export function inOrder(...replies: ProviderReply[]): (request: InternalAxiosRequestConfig) => ProviderReply {
  return () => {
    const next = replies.shift();
    if (!next) throw new Error('no reply left');
    return next;
  };
}

/** The ProviderError `promise` rejects with; anything else fails the test. */
export async function providerFailure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ProviderError) return e;
    throw e;
  }
  throw new Error('expected a ProviderError');
}
