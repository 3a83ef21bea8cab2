import { of, Subject } from 'rxjs';
import { DomainError } from '../common/domain-error';
import { HEARTBEAT_MS, sendEventStream, type SseRequest, type SseResponse } from './sse';

class FakeResponse implements SseResponse {
  statusCode = 0;
  headers: Record<string, string> = {};
  chunks: string[] = [];
  flushed = false;
  writableEnded = false;

  status(code: number) {
    this.statusCode = code;
  }
  setHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  flushHeaders() {
    this.flushed = true;
  }
  write(chunk: string) {
    if (this.writableEnded) throw new Error('write after end');
    this.chunks.push(chunk);
    return true;
  }
  end() {
    this.writableEnded = true;
  }
}

class FakeRequest implements SseRequest {
  private listener?: () => void;
  on(_event: 'close', listener: () => void) {
    this.listener = listener;
  }
  disconnect() {
    this.listener?.();
  }
}

describe('sendEventStream', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function open() {
    const events = new Subject<{ state: string }>();
    const req = new FakeRequest();
    const res = new FakeResponse();
    sendEventStream(events, req, res);
    return { events, req, res };
  }

  it('sends event-stream headers at once and one data line per event', () => {
    const { events, res } = open();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache, no-transform');
    expect(res.flushed).toBe(true);

    events.next({ state: 'active' });
    events.next({ state: 'completed' });
    expect(res.chunks).toEqual(['data: {"state":"active"}\n\n', 'data: {"state":"completed"}\n\n']);
  });

  it('sends a heartbeat comment every 15 s until the stream ends, then ends the response', () => {
    const { events, res } = open();
    jest.advanceTimersByTime(HEARTBEAT_MS * 2);
    expect(res.chunks).toEqual([': heartbeat\n\n', ': heartbeat\n\n']);

    events.complete();
    expect(res.writableEnded).toBe(true);
    jest.advanceTimersByTime(HEARTBEAT_MS * 3);
    expect(res.chunks).toHaveLength(2);
  });

  it('drops the subscription when the client goes away', () => {
    const { events, req, res } = open();
    expect(events.observed).toBe(true);

    req.disconnect();

    expect(events.observed).toBe(false);
    expect(res.writableEnded).toBe(true);
    jest.advanceTimersByTime(HEARTBEAT_MS * 2);
    expect(res.chunks).toEqual([]);
  });

  it('ends a stream that completes while subscribing, leaving no heartbeat behind', () => {
    const req = new FakeRequest();
    const res = new FakeResponse();
    sendEventStream(of({ state: 'completed' }), req, res);
    expect(res.chunks).toEqual(['data: {"state":"completed"}\n\n']);
    expect(res.writableEnded).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('ends with an error event carrying the code when the stream fails', () => {
    const { events, res } = open();
    events.error(DomainError.notFound());
    expect(res.chunks).toEqual(['event: error\ndata: {"code":"NOT_FOUND"}\n\n']);
    expect(res.writableEnded).toBe(true);
  });
});
