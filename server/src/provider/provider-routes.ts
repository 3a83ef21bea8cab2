import { RequestMethod, type ParamData, type Type } from '@nestjs/common';
import {
  HTTP_CODE_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { ModulesContainer } from '@nestjs/core';
import type { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator';
import { RouteParamsFactory } from '@nestjs/core/router/route-params-factory';
import type { NextFunction, Request, Response } from 'express';

/** Where the built-in provider's controllers are mounted on this server. */
export const PROVIDER_PREFIX = 'provider';
/** The raw request, response or next: a handler that takes one streams or reads bytes itself. */
const RAW_PARAMS = new Set<number>([RouteParamtypes.REQUEST, RouteParamtypes.RESPONSE, RouteParamtypes.NEXT]);

export type RouteHandler = (req: Request, res: Response, next: NextFunction) => Promise<unknown>;

export interface ProviderRoute {
  method: string;
  /** Lower-cased path segments; `:name` takes one segment (Express matches paths case-insensitively). */
  segments: string[];
  /** The status Nest answers a success with (@HttpCode, else 201 for POST and 200 for the rest). */
  status: number;
  /** Whether the handler takes the raw request or response: it writes its own answer, maybe as a stream. */
  raw: boolean;
  handler: RouteHandler;
}

export interface FoundRoute {
  route: ProviderRoute;
  params: Record<string, string>;
}

/**
 * The built-in provider's routes as Nest runs them (guards, pipes, interceptors and exception filters
 * included), for the in-process transports (in-process-transport.ts for JSON, in-process-streams.ts
 * for streams). Hub code never imports the built-in provider: routes are found by their paths.
 */
export class ProviderRoutes {
  private routes: ProviderRoute[] | undefined;

  constructor(
    private readonly modules: ModulesContainer,
    private readonly contexts: ExternalContextCreator,
  ) {}

  /** The route serving `method path` (relative to /provider) whose rawness is `raw`, with its path parameters. */
  find(method: string, path: string, raw: boolean): FoundRoute | undefined {
    const segments = [PROVIDER_PREFIX, ...path.split('/').filter(Boolean)];
    for (const route of (this.routes ??= this.collect())) {
      if (route.method !== method || route.raw !== raw) continue;
      const params = paramsOf(route, segments);
      if (params) return { route, params };
    }
    return undefined;
  }

  private collect(): ProviderRoute[] {
    const routes: ProviderRoute[] = [];
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
        const base = segmentsOf(String(Reflect.getMetadata(PATH_METADATA, type) ?? ''));
        if (base[0] !== PROVIDER_PREFIX) continue;
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
          const raw = Object.keys(args).some((key) => RAW_PARAMS.has(Number(key.split(':')[0])));
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
          ) as RouteHandler;
          for (const path of [paths].flat())
            routes.push({ method: verb, segments: [...base, ...segmentsOf(path)], status, raw, handler });
        }
      }
    return routes;
  }
}

function segmentsOf(path: string): string[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? s : s.toLowerCase()));
}

function paramsOf(route: ProviderRoute, segments: string[]): Record<string, string> | undefined {
  if (route.segments.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, expected] of route.segments.entries()) {
    const actual = segments[i];
    if (expected.startsWith(':')) params[expected.slice(1)] = decodeURIComponent(actual);
    else if (expected !== actual.toLowerCase()) return undefined;
  }
  return params;
}
