/**
 * The one line that says a process is up: JSON like every log line, yet written at any LOG_LEVEL,
 * since scripts (the e2e server, the bench) wait for it while they keep the log quiet.
 */
export function announce(msg: string): void {
  process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg })}\n`);
}
