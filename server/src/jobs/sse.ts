import { ERROR_CODES } from '@paddock/rules';
import { Subscription, type Observable } from 'rxjs';
import { DomainError } from '../common/domain-error';

/** Keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;

/** The parts of an HTTP exchange an event stream needs (Express request/response satisfy them). */
export interface SseRequest {
  on(event: 'close', listener: () => void): unknown;
}

export interface SseResponse {
  readonly writableEnded: boolean;
  status(code: number): unknown;
  setHeader(name: string, value: string): unknown;
  flushHeaders(): void;
  write(chunk: string): boolean;
  end(): unknown;
}

/**
 * Sends an Observable as text/event-stream: one `data:` JSON line per value, a comment line every
 * `heartbeatMs`, the end of the response when the Observable ends, and the subscription dropped
 * when the client goes away.
 */
export function sendEventStream<T>(
  events: Observable<T>,
  req: SseRequest,
  res: SseResponse,
  heartbeatMs = HEARTBEAT_MS,
): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();

  let finished = false;
  // Declared before subscribing: a stream that ends while subscribing still finds it.
  const subscription = new Subscription();
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
  const finish = () => {
    if (finished) return;
    finished = true;
    clearInterval(heartbeat);
    subscription.unsubscribe();
    if (!res.writableEnded) res.end();
  };
  subscription.add(
    events.subscribe({
      next: (value) => res.write(`data: ${JSON.stringify(value)}\n\n`),
      error: (err: unknown) => {
        const code = err instanceof DomainError ? err.code : ERROR_CODES.INTERNAL;
        res.write(`event: error\ndata: ${JSON.stringify({ code })}\n\n`);
        finish();
      },
      complete: () => finish(),
    }),
  );
  req.on('close', finish);
}
