import { createServer } from 'node:net';

/**
 * Below Linux's ephemeral range (32768–60999): a port the kernel hands out for `listen(0)` is one
 * it may also give an outgoing connection (to PostgreSQL, Redis, SMTP) between our close and the
 * app's listen, which made `EADDRINUSE` a rare failure. Outgoing connections never take these.
 */
const FIRST = 20_000;
const SPAN = 12_000;

export async function freePort(): Promise<number> {
  for (;;) {
    const port = FIRST + Math.floor(Math.random() * SPAN);
    if (await bindable(port)) return port;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}
