import { parse as parseQuery } from 'node:querystring';
import { RequestMethod, type ParamData, type Type } from '@nestjs/common';
import {
  HTTP_CODE_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator';
import { RouteParamsFactory } from '@nestjs/core/router/route-params-factory';
import axios, {
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { NextFunction, Request, Response } from 'express';
import { refuseMalformedInput } from '../common/input-boundary';

/** Where the built-in provider's controllers are mounted on this server. */
const PROVIDER_PREFIX = 'provider';
/** The raw request, response or next: a handler that takes one streams or reads bytes, so it stays on HTTP. */
const RAW_PARAMS = new Set<number>([RouteParamtypes.REQUEST, RouteParamtypes.RESPONSE, RouteParamtypes.NEXT]);

type Handler = (req: Request, res: Response, next: NextFunction) => Promise<unknown>;

interface Route {
  method: string;
  /** Lower-cased path segments; `:name` takes one segment (Express matches paths case-insensitively). */
  segments: string[];
  status: number;
  handler: Handler;
}

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

function segmentsOf(path: string): string[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? s : s.toLowerCase()));
}

function paramsOf(route: Route, segments: string[]): Record<string, string> | undefined {
  if (route.segments.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, expected] of route.segments.entries()) {
    const actual = segments[i];
    if (expected.startsWith(':')) params[expected.slice(1)] = decodeURIComponent(actual);
    else if (expected !== actual.toLowerCase()) return undefined;
  }
  return params;
}

/** The request body as Express's parsers leave it: JSON or a flat form, as the gateways send them. */
function bodyOf(data: unknown, contentType: string): unknown {
  if (typeof data !== 'string') return data ?? {};
  if (contentType.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(data));
  return data ? (JSON.parse(data) as unknown) : {};
}

/**
 * The built-in provider's controllers, called in this process: each route runs through Nest's own
 * guards, pipes, interceptors and exception filters (CallerGuard, ThronInputPipe, ThronExceptionFilter),
 * so a caller's token and rights are checked exactly as over HTTP; only the socket, Express and the
 * JSON text of the hop are gone. Routes that take the raw request or response (streams, uploads,
 * share pages) and requests the input boundary refuses are left to HTTP.
 */
export class InProcessProvider {
  private routes: Route[] | undefined;

  constructor(
    private readonly modules: ModulesContainer,
    private readonly contexts: ExternalContextCreator,
  ) {}

  /** The route serving `method path` (relative to /provider), with its path parameters, if any. */
  find(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
    const segments = [PROVIDER_PREFIX, ...path.split('/').filter(Boolean)];
    for (const route of (this.routes ??= this.collect())) {
      if (route.method !== method) continue;
      const params = paramsOf(route, segments);
      if (params) return { route, params };
    }
    return undefined;
  }

  async dispatch(
    { route, params }: { route: Route; params: Record<string, string> },
    config: InternalAxiosRequestConfig,
    url: URL,
  ): Promise<AxiosResponse | undefined> {
    const headers = AxiosHeaders.from(config.headers).toJSON(true) as Record<string, string>;
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    // The last entry, as Express takes it from a trusted loopback caller: the one the hub wrote (its
    // `req.ip` under TRUST_PROXY), never an entry a browser put in front of it.
    const forwarded = lower['x-forwarded-for']?.split(',').at(-1)?.trim();
    const req = {
      method: route.method,
      url: `${url.pathname}${url.search}`,
      path: url.pathname,
      originalUrl: `${url.pathname}${url.search}`,
      headers: lower,
      params,
      query: parseQuery(url.search.slice(1)),
      body: bodyOf(config.data, lower['content-type'] ?? ''),
      cookies: {},
      ip: forwarded || '127.0.0.1',
      get: (name: string) => lower[name.toLowerCase()],
      header: (name: string) => lower[name.toLowerCase()],
    } as unknown as Request;
    const res = new CapturedResponse(route.status);
    // A NUL byte or a body nested too deep: HTTP's input boundary answers it, as for any caller.
    const refusal = await new Promise<unknown>((resolve) =>
      refuseMalformedInput(req, res as unknown as Response, resolve),
    );
    if (refusal) return undefined;
    // A refusal comes back answered by ThronExceptionFilter (headers sent), as over HTTP.
    const result = await route.handler(req, res as unknown as Response, () => undefined);
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

  private collect(): Route[] {
    const routes: Route[] = [];
    const params = new RouteParamsFactory();
    const factory = {
      exchangeKeyForValue: (
        type: number,
        data: ParamData,
        [req, res, next]: [Request, Response, NextFunction],
      ) => params.exchangeKeyForValue(type, data as string, { req, res, next }),
    };
    for (const [moduleKey, module] of this.modules.entries())
      for (const wrapper of module.controllers.values()) {
        const type = wrapper.metatype as Type | undefined;
        const instance = wrapper.instance as Record<string, unknown> | undefined;
        if (!type || !instance) continue;
        // One path each: none of the built-in provider's controllers is mounted at several.
        const base = String(Reflect.getMetadata(PATH_METADATA, type) ?? '');
        if (segmentsOf(base)[0] !== PROVIDER_PREFIX) continue;
        for (const name of Object.getOwnPropertyNames(type.prototype)) {
          const callback = type.prototype[name] as unknown;
          if (typeof callback !== 'function' || name === 'constructor') continue;
          const method = Reflect.getMetadata(METHOD_METADATA, callback) as RequestMethod | undefined;
          const paths = Reflect.getMetadata(PATH_METADATA, callback) as string | string[] | undefined;
          if (method === undefined || paths === undefined) continue;
          const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, type, name) ?? {}) as Record<
            string,
            unknown
          >;
          if (Object.keys(args).some((key) => RAW_PARAMS.has(Number(key.split(':')[0])))) continue;
          const verb = RequestMethod[method];
          const status =
            (Reflect.getMetadata(HTTP_CODE_METADATA, callback) as number | undefined) ??
            (verb === 'POST' ? 201 : 200);
          // Nest looks a host's module up among providers, where a controller is not: name its module,
          // or its guards and filters would be looked up nowhere and silently left out.
          const contexts = Object.create(this.contexts, {
            getContextModuleKey: { value: () => moduleKey },
          }) as ExternalContextCreator;
          const handler = contexts.create(
            instance,
            callback as (...a: unknown[]) => unknown,
            name,
            ROUTE_ARGS_METADATA,
            factory,
            undefined,
            undefined,
            { guards: true, interceptors: true, filters: true },
            'http',
          ) as Handler;
          for (const path of [paths].flat())
            routes.push({
              method: verb,
              segments: [...segmentsOf(base), ...segmentsOf(path)],
              status,
              handler,
            });
        }
      }
    return routes;
  }
}

/**
 * The provider client's transport when the provider is the built-in one in this process: a route
 * the built-in provider serves here is called in-process, anything else (streams, uploads) goes
 * over HTTP as before. Axios stays in front, so every gateway, its error mapping and its metrics are
 * the same for both transports.
 */
export function inProcessAdapter(provider: InProcessProvider): AxiosAdapter {
  const http = axios.getAdapter('http');
  return async (config) => {
    const url = new URL(axios.getUri(config));
    const base = new URL(config.baseURL ?? url.origin);
    const relative = url.pathname.slice(base.pathname.replace(/\/$/, '').length);
    const match =
      config.responseType === 'json' && !(config.data instanceof Buffer) && typeof config.data !== 'object'
        ? provider.find((config.method ?? 'get').toUpperCase(), relative)
        : undefined;
    return (match && (await provider.dispatch(match, config, url))) ?? http(config);
  };
}
