import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../config/config.schema';
import { correlationIdOf, correlationLogFields } from './correlation-id';
import { LOG_REDACTION } from './log-redaction';

/** How every process logs: the module's configuration, and the worker's logger from its first line. */
export function logParamsOf(config: Pick<AppConfig, 'LOG_LEVEL'>): Params {
  return {
    pinoHttp: {
      level: config.LOG_LEVEL,
      genReqId: (req) => correlationIdOf(req),
      // JSON lines, each with the correlation id of the request or job it was written for.
      mixin: correlationLogFields,
      ...LOG_REDACTION,
      autoLogging: { ignore: (req) => req.url === '/api/health' },
    },
  };
}
