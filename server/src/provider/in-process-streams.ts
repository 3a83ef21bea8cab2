import { PassThrough, type Readable } from 'node:stream';
import { RequestMethod, type ParamData, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator';
import { RouteParamsFactory } from '@nestjs/core/router/route-params-factory';
import type { NextFunction, Request, Response } from 'express';
import { refuseMalformedInput } from '../common/input-boundary';

/** Where the built-in provider's controllers are mounted on this server. */
const PROVIDER_PREFIX = 'provider';

type Handler = (req: Request, res: Response, next: NextFunction) => Promise<unknown>;

/** A streamed answer of the built-in provider: its status and headers as soon as its first byte exists. */
export interface StreamedAnswer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: Readable;
  /** The JSON envelope of a refusal, as the handler wrote it. */
  json?: unknown;
}

/**
 * The Express response a streaming handler writes to, in this process: a PassThrough the caller reads
 * with backpressure. `committed` settles when the answer's head is known — its first byte, a JSON
 * refusal, or its end — which is when an HTTP client would have seen the status.
 */
class StreamingResponse extends PassThrough {
  statusCode = 200;
  readonly headers: Record<string, string> = {};
  headersSent = false;
  /** The JSON a refusal wrote. */
  refusal: unknown;
  readonly committed: Promise<void>;
  private commit!: () => void;

  constructor() {
    super();
    this.committed = new Promise((resolve) => (this.commit = resolve));
    this.once('finish', () => this.markSent());
  }

  status(code: number): this {
    this.statusCode = code;
    return this;
  }

  setHeader(name: string, value: string | number): this {
    this.headers[name.toLowerCase()] = String(value);
    return this;
  }

  set(name: string, value: string): this {
    return this.setHeader(name, value);
  }

  header(name: string, value: string): this {
    return this.setHeader(name, value);
  }

  getHeader(name: string): string | undefined {
    return this.headers[name.toLowerCase()];
  }

  /** The hub names its own attachment; the provider's name is kept only as a header, as HTTP would carry it. */
  attachment(name: string): this {
    return this.setHeader('Content-Disposition', `attachment; filename="${encodeURIComponent(name)}"`);
  }

  json(body: unknown): this {
    this.refusal = body;
    this.setHeader('Content-Type', 'application/json');
    this.markSent();
    this.end();
    return this;
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.markSent();
    super._write(chunk, encoding, done);
  }

  private markSent(): void {
    if (this.headersSent) return;
    this.headersSent = true;
    this.commit();
  }
}

/**
 * The built-in provider's streaming routes (those that take the raw request and response), called in
 * this process: the route runs through Nest's own guards, pipes and exception filters (CallerGuard
 * resolves the token in the form, ThronInputPipe, ThronExceptionFilter), so the caller's rights are
 * checked exactly as over HTTP; the bytes flow through a PassThrough instead of a loopback socket.
 * Hub code still never imports the built-in provider: routes are found by their paths.
 */
export class InProcessStreams {
  private readonly handlers = new Map<string, { segments: string[]; handler: Handler }>();

  constructor(
    private readonly modules: ModulesContainer,
    private readonly contexts: ExternalContextCreator,
  ) {}

  /** POSTs a form to `path` (relative to /provider) and answers once the answer's head is known. */
  async postForm(path: string, form: Record<string, string>): Promise<StreamedAnswer> {
    const segments = [PROVIDER_PREFIX, ...path.split('/').filter(Boolean)];
    const found = this.find('POST', segments);
    if (!found) throw new Error(`The built-in provider serves no POST ${path} in this process`);
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const url = `/${segments.join('/')}`;
    const req = {
      method: 'POST',
      url,
      path: url,
      originalUrl: url,
      headers,
      params: found.params,
      query: {},
      body: form,
      cookies: {},
      ip: '127.0.0.1',
      get: (name: string) => headers[name.toLowerCase() as 'content-type'],
      header: (name: string) => headers[name.toLowerCase() as 'content-type'],
    } as unknown as Request;
    const res = new StreamingResponse();
    const refusal = await new Promise<unknown>((resolve) =>
      refuseMalformedInput(req, res as unknown as Response, resolve),
    );
    if (refusal) throw refusal;
    const done = found
      .handler(req, res as unknown as Response, () => undefined)
      .then(
        () => res.end(),
        (error: unknown) => {
          // Nest rethrows after an HTTP filter that returns nothing; ThronExceptionFilter has written the answer.
          if (!res.headersSent) throw error;
        },
      );
    await Promise.race([res.committed, done]);
    return { status: res.statusCode, headers: res.headers, body: res, json: res.refusal };
  }

  private find(
    method: string,
    segments: string[],
  ): { handler: Handler; params: Record<string, string> } | undefined {
    if (!this.handlers.size) this.collect();
    for (const [key, route] of this.handlers) {
      if (!key.startsWith(`${method} `) || route.segments.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const matches = route.segments.every((expected, i) => {
        if (expected.startsWith(':')) params[expected.slice(1)] = decodeURIComponent(segments[i]);
        return expected.startsWith(':') || expected === segments[i].toLowerCase();
      });
      if (matches) return { handler: route.handler, params };
    }
    return undefined;
  }

  /** Every route of the built-in provider (those the JSON transport also serves are never asked here). */
  private collect(): void {
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
        const base = segmentsOf(String(Reflect.getMetadata(PATH_METADATA, type) ?? ''));
        if (base[0] !== PROVIDER_PREFIX) continue;
        for (const name of Object.getOwnPropertyNames(type.prototype)) {
          const callback = type.prototype[name] as unknown;
          if (typeof callback !== 'function' || name === 'constructor') continue;
          const method = Reflect.getMetadata(METHOD_METADATA, callback) as RequestMethod | undefined;
          const paths = Reflect.getMetadata(PATH_METADATA, callback) as string | string[] | undefined;
          if (method === undefined || paths === undefined) continue;
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
          for (const path of [paths].flat()) {
            const segments = [...base, ...segmentsOf(path)];
            this.handlers.set(`${RequestMethod[method]} /${segments.join('/')}`, { segments, handler });
          }
        }
      }
  }
}

function segmentsOf(path: string): string[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? s : s.toLowerCase()));
}
