import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { CLIENT_VERSION, LIMITS, SSO_CALLBACK_PATH } from '@paddock/rules';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { AppModule, PREFIXED_API_FILTERS } from './app.module';
import { correlate } from './common/correlation-id';
import { answerInputError, refuseMalformedInput } from './common/input-boundary';
import { RequestValidationPipe } from './common/request-validation.pipe';
import { QuietBootstrapLogger } from './common/quiet-bootstrap.logger';
import type { AppConfig } from './config/config.module';
import { httpMetricsMiddleware } from './metrics/http-metrics.middleware';
import { Metrics } from './metrics/metrics';

/** The SPA runs under this policy: no inline script, no third-party origin (issue 2, §12). */
const SPA_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

export const API_DOCS_PATH = 'api/docs';

/** The hub API's description: served at /api/docs and committed as server/openapi.json. */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  const info = new DocumentBuilder()
    .setTitle('Paddock hub API')
    .setDescription('The content service and portal API of Paddock (SPEC §7).')
    .setVersion(CLIENT_VERSION)
    .addCookieAuth('paddock_session')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'token' }, 'token')
    .build();
  return SwaggerModule.createDocument(app, info);
}

/**
 * How long an idle keep-alive connection stays open. Node closes one after 5 s; a proxy or client
 * that reuses it in the instant the server closes it gets ECONNRESET (the e2e's request context did,
 * under load). Above the 60 s that load balancers and nginx keep theirs, the closing is theirs.
 */
export const KEEP_ALIVE_MS = 65_000;

export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  // forceCloseConnections: idle keep-alive sockets must not hold up a shutdown (SIGTERM, app.close()).
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    forceCloseConnections: true,
    // Registered below, bounded, with their failures answered as 400 / 413 (answerInputError).
    bodyParser: false,
  });
  app.useLogger(app.get(QuietBootstrapLogger));
  app.enableShutdownHooks();
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Above the keep-alive, or a request's headers arriving on a long-idle socket are cut short.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  // req.ip is the client behind the trusted proxies only: the throttles and audit key on it.
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.use(correlate);
  app.use(httpMetricsMiddleware(app.get(Metrics)));
  // The login page opens the single sign-on popup and must keep its handle to it; the popup's
  // last page (/sso-callback) comes back from the issuer and posts the token to its opener.
  const spaHelmet = helmet({
    contentSecurityPolicy: { directives: SPA_CSP },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  const ssoCallbackHelmet = helmet({
    contentSecurityPolicy: { directives: SPA_CSP },
    crossOriginOpenerPolicy: { policy: 'unsafe-none' },
  });
  // Swagger UI needs inline styles and scripts of its own; it is the only page allowed them.
  const docsHelmet = helmet({
    contentSecurityPolicy: { directives: { ...SPA_CSP, scriptSrc: ["'self'", "'unsafe-inline'"] } },
  });
  const helmetFor = (path: string) =>
    path.startsWith(`/${API_DOCS_PATH}`)
      ? docsHelmet
      : path === SSO_CALLBACK_PATH
        ? ssoCallbackHelmet
        : spaHelmet;
  app.use((req: { path: string }, res: unknown, next: () => void) =>
    helmetFor(req.path)(req as never, res as never, next),
  );
  app.use(cookieParser());
  app.useBodyParser('json', { limit: LIMITS.jsonBodyMaxBytes });
  app.useBodyParser('urlencoded', {
    extended: true,
    limit: LIMITS.jsonBodyMaxBytes,
    depth: LIMITS.inputDepthMax,
  });
  app.use(refuseMalformedInput);
  app.use(answerInputError(PREFIXED_API_FILTERS));
  app.useGlobalPipes(new RequestValidationPipe());
  if (config.PROCESS_ROLE !== 'worker')
    SwaggerModule.setup(API_DOCS_PATH, app, () => openApiDocument(app), {
      jsonDocumentUrl: `${API_DOCS_PATH}/openapi.json`,
    });
  return app;
}
