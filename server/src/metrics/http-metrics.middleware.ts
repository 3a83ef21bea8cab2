import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from './metrics';

/** The matched route's template (`/api/assets/:id`), never the raw path: ids would make a series each. */
function routeOf(req: Request): string {
  const route: unknown = req.route;
  const path = route && typeof route === 'object' && 'path' in route ? route.path : undefined;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : 'unmatched';
}

/** Times every HTTP request; before the guards, so refusals (401, 403, 429) are counted too. */
export function httpMetricsMiddleware(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const end = metrics.httpRequestDuration.startTimer();
    // 'close' comes after 'finish', and also when the client goes away before the answer ends.
    res.once('close', () => end({ method: req.method, route: routeOf(req), status_code: res.statusCode }));
    next();
  };
}
