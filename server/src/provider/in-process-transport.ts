import { parse as parseQuery } from 'node:querystring';
import { PassThrough, Readable, pipeline } from 'node:stream';
import type { ModulesContainer } from '@nestjs/core';
import type { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator';
import axios, {
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { Request, Response } from 'express';
import { handedOverFileOf, markHandedOver } from '../blob-store/handed-over-file';
import { refuseMalformedInput } from '../common/input-boundary';
import { ProviderRoutes, type FoundRoute, type ProviderRoute } from './provider-routes';

/** The answer a handler or the ThronExceptionFilter wrote, as Express would have sent it. */
class CapturedResponse {
  statusCode: number;
  readonly headers: Record<string, string> = {};
  body: unknown = '';
  headersSent = false;

  constructor(status: number) {
    this.statusCode = status;
  }

  status(code: number): this {
    this.statusCode = code;
    return this;
  }

  setHeader(name: string, value: string): this {
    this.headers[name.toLowerCase()] = String(value);
    return this;
  }

  header(name: string, value: string): this {
    return this.setHeader(name, value);
  }

  json(body: unknown): this {
    this.body = wire(body);
    this.headersSent = true;
    return this;
  }
}

/** What the body becomes on the wire: JSON's types only (dates as strings, no undefined), as over HTTP. */
function wire(body: unknown): unknown {
  return body === undefined ? '' : (JSON.parse(JSON.stringify(body)) as unknown);
}

/** `body` through a stream of its own; a failure of `body` fails it too. */
function streamOf(body: Readable): PassThrough {
  const own = new PassThrough();
  pipeline(body, own, () => undefined);
  // A file handed over stays so: the route may take the file rather than its bytes.
  return markHandedOver(own, handedOverFileOf(body));
}

/** The request body as Express's parsers leave it: JSON or a flat form, as the gateways send them. */
function bodyOf(data: unknown, contentType: string): unknown {
  if (typeof data !== 'string') return data ?? {};
  if (contentType.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(data));
  return data ? (JSON.parse(data) as unknown) : {};
}

/**
 * The verbs of the routes that only read (THRON asks most reads by POST). Any other route may have
 * written, so what the hub keeps of its answers is dropped once it returns (in-process `onWrite`).
 */
const READ_VERBS: ReadonlySet<string> = new Set([
  'login',
  'validatetoken',
  'findbyproperties',
  'findbyproperties2',
  'getcontentsbyids',
  'getdraft',
  'search',
  'checkinsert',
  'list',
  'detail',
  // A file into the caller's incoming area, which nothing kept shows until content/insert takes it.
  'upload',
]);

function onlyReads(route: ProviderRoute): boolean {
  return route.method === 'GET' || route.segments.some((segment) => READ_VERBS.has(segment));
}

/**
 * The built-in provider's controllers, called in this process: each route runs through Nest's own
 * guards, pipes, interceptors and exception filters (CallerGuard, ThronInputPipe, ThronExceptionFilter),
 * so a caller's token and rights are checked exactly as over HTTP; only the socket, Express and the
 * JSON text of the hop are gone. An upload's body is handed to its route as the request stream.
 * Routes that answer with a stream (files, share pages) and requests the input boundary refuses are
 * left to HTTP.
 */
export class InProcessProvider {
  private readonly routes: ProviderRoutes;

  /**
   * `onWrite` is told after a route that may have written returns: its changes are committed, and
   * the next request of the same person may arrive before PostgreSQL's announcement of them.
   */
  constructor(
    modules: ModulesContainer,
    contexts: ExternalContextCreator,
    private readonly onWrite: () => void = () => undefined,
  ) {
    this.routes = new ProviderRoutes(modules, contexts);
  }

  /**
   * The route serving `method path` (relative to /provider), with its path parameters, if any: a JSON
   * route, or with `streamed` one that reads its request body itself (an upload).
   */
  find(method: string, path: string, streamed = false): FoundRoute | undefined {
    return this.routes.find(method, path, streamed);
  }

  async dispatch(
    { route, params }: FoundRoute,
    config: InternalAxiosRequestConfig,
    url: URL,
  ): Promise<AxiosResponse | undefined> {
    const headers = AxiosHeaders.from(config.headers).toJSON(true) as Record<string, string>;
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    // The last entry, as Express takes it from a trusted loopback caller: the one the hub wrote (its
    // `req.ip` under TRUST_PROXY), never an entry a browser put in front of it.
    const forwarded = lower['x-forwarded-for']?.split(',').at(-1)?.trim();
    const fields = {
      method: route.method,
      url: `${url.pathname}${url.search}`,
      path: url.pathname,
      originalUrl: `${url.pathname}${url.search}`,
      headers: lower,
      params,
      query: parseQuery(url.search.slice(1)),
      cookies: {},
      ip: forwarded || '127.0.0.1',
      get: (name: string) => lower[name.toLowerCase()],
      header: (name: string) => lower[name.toLowerCase()],
    };
    // A streamed body becomes the request, as Express hands an upload's handler the socket's stream; a
    // stream of its own, since the caller's may carry fields of the same names (a file stream's `path`).
    const req = (config.data instanceof Readable
      ? Object.assign(streamOf(config.data), fields)
      : { ...fields, body: bodyOf(config.data, lower['content-type'] ?? '') }) as unknown as Request;
    const res = new CapturedResponse(route.status);
    // A NUL byte or a body nested too deep: HTTP's input boundary answers it, as for any caller.
    const refusal = await new Promise<unknown>((resolve) =>
      refuseMalformedInput(req, res as unknown as Response, resolve),
    );
    if (refusal) return undefined;
    // A refusal comes back answered by ThronExceptionFilter (headers sent), as over HTTP.
    const result = await route
      .handler(req, res as unknown as Response, () => undefined)
      .finally(() => {
        if (!onlyReads(route)) this.onWrite();
      });
    if (!res.headersSent) res.json(result);
    return {
      data: res.body,
      status: res.statusCode,
      statusText: '',
      headers: new AxiosHeaders(res.headers),
      config,
      request: undefined,
    };
  }
}

/**
 * The provider client's transport when the provider is the built-in one in this process: a route
 * the built-in provider serves here is called in-process, its JSON routes and its uploads (a body
 * streamed into a route that reads it itself, without the loopback socket); anything else (answers
 * that stream) goes over HTTP as before. Axios stays in front, so every gateway, its error mapping and its metrics are
 * the same for both transports.
 */
export function inProcessAdapter(provider: InProcessProvider): AxiosAdapter {
  const http = axios.getAdapter('http');
  return async (config) => {
    const url = new URL(axios.getUri(config));
    const base = new URL(config.baseURL ?? url.origin);
    const relative = url.pathname.slice(base.pathname.replace(/\/$/, '').length);
    const method = (config.method ?? 'get').toUpperCase();
    const streamed = config.data instanceof Readable;
    const match =
      config.responseType === 'json' &&
      (streamed || (!(config.data instanceof Buffer) && typeof config.data !== 'object'))
        ? provider.find(method, relative, streamed)
        : undefined;
    return (match && (await provider.dispatch(match, config, url))) ?? http(config);
  };
}
