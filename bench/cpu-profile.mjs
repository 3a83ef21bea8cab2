// Preloaded into the hub (`--import`) by `npm run bench -- --load` when BENCH_CPU_PROF names a
// directory: a first SIGWINCH starts profiling the CPU, the next one writes the profile there, so
// it holds the load alone, not the boot. Node's own --cpu-prof profiles from boot and writes only
// at a normal exit, and the hub's shutdown hooks end it by re-raising the signal. Not SIGUSR2:
// Nest's enableShutdownHooks() closes the app on it; not SIGUSR1: Node opens its inspector on it.
// SIGWINCH is ignored by default and by both.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const session = new Session();
session.connect();
let recording = false;
session.post('Profiler.enable');
process.on('SIGWINCH', () => {
  recording = !recording;
  if (recording) {
    session.post('Profiler.start');
    return;
  }
  session.post('Profiler.stop', (error, result) => {
    if (error) throw error;
    const path = join(process.env.BENCH_CPU_PROF, `hub-${process.pid}.cpuprofile`);
    writeFileSync(path, JSON.stringify(result.profile));
    process.stdout.write(`cpu profile written: ${path}\n`);
  });
});
