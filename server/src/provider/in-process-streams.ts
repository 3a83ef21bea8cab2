import { parse as parseQuery, type ParsedUrlQuery } from 'node:querystring';
import { PassThrough, type Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import type { ModulesContainer } from '@nestjs/core';
import type { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator';
import type { Request, Response } from 'express';
import { refuseMalformedInput } from '../common/input-boundary';
import { PROVIDER_PREFIX, ProviderRoutes, type FoundRoute } from './provider-routes';

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
  private readonly routes: ProviderRoutes;

  constructor(modules: ModulesContainer, contexts: ExternalContextCreator) {
    this.routes = new ProviderRoutes(modules, contexts);
  }

  /** POSTs a form to `path` (relative to /provider) and answers once the answer's head is known. */
  async postForm(path: string, form: Record<string, string>): Promise<StreamedAnswer> {
    const found = this.routes.find('POST', path, true);
    if (!found) throw new Error(`The built-in provider serves no streamed POST ${path} in this process`);
    const res = new StreamingResponse();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    return this.answer(found, requestOf('POST', path, found.params, headers, form), res, () => res.end());
  }

  /**
   * GETs `target` (a path relative to /provider, with its query) from a route that answers with a
   * StreamableFile, writes its own answer (a Range, a 304), or answers nothing (a 304), written as
   * Nest's router would send it; answers once the answer's head is known.
   */
  async getFile(target: string, headers: Record<string, string>): Promise<StreamedAnswer> {
    const [path, search = ''] = target.split('?', 2);
    const found = this.routes.find('GET', path, true);
    if (!found) throw new Error(`The built-in provider serves no streamed GET ${path} in this process`);
    const res = new StreamingResponse();
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    const req = requestOf('GET', path, found.params, lower, undefined, parseQuery(search));
    return this.answer(found, req, res, (result) => {
      if (res.headersSent) return;
      if (!(result instanceof StreamableFile)) return res.end();
      const { type, length } = result.getHeaders();
      if (type) res.setHeader('Content-Type', type);
      if (length !== undefined) res.setHeader('Content-Length', length);
      result
        .getStream()
        .once('error', (error) => res.destroy(error))
        .pipe(res);
    });
  }

  private async answer(
    found: FoundRoute,
    req: Request,
    res: StreamingResponse,
    /** What follows the handler's own answer: the end of what it wrote, or the file it returned. */
    send: (result: unknown) => void,
  ): Promise<StreamedAnswer> {
    const refusal = await new Promise<unknown>((resolve) =>
      refuseMalformedInput(req, res as unknown as Response, resolve),
    );
    if (refusal) throw refusal;
    // A refusal comes back answered by ThronExceptionFilter (its JSON), as over HTTP; a failure after
    // the first byte ends the stream with it, as a dropped socket would.
    const done = found.route
      .handler(req, res as unknown as Response, () => undefined)
      .then(
        (result) => send(result),
        (error: unknown) => {
          if (!res.headersSent) throw error;
          res.destroy(error instanceof Error ? error : new Error(String(error)));
        },
      );
    await Promise.race([res.committed, done]);
    return { status: res.statusCode, headers: res.headers, body: res, json: res.refusal };
  }
}

/** The Express request a route reads, as the loopback hub would have sent it. */
function requestOf(
  method: string,
  path: string,
  params: Record<string, string>,
  headers: Record<string, string>,
  body: unknown,
  query: ParsedUrlQuery = {},
): Request {
  const url = `/${[PROVIDER_PREFIX, ...path.split('/').filter(Boolean)].join('/')}`;
  return {
    method,
    url,
    path: url,
    originalUrl: url,
    headers,
    params,
    query,
    body,
    cookies: {},
    ip: '127.0.0.1',
    get: (name: string) => headers[name.toLowerCase()],
    header: (name: string) => headers[name.toLowerCase()],
  } as unknown as Request;
}
