// Preloaded into the hub (`--import`) by `npm run bench -- --load` when BENCH_CPU_PROF names a
// directory: a first SIGUSR2 starts profiling the CPU, the next one writes the profile there, so
// it holds the load alone, not the boot. Node's own --cpu-prof profiles from boot and writes only
// at a normal exit, and the hub's shutdown hooks end it by re-raising the signal.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const session = new Session();
session.connect();
let recording = false;
session.post('Profiler.enable');
process.on('SIGUSR2', () => {
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
