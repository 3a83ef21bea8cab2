// Preloaded into the hub (`--import`) by `npm run bench -- --load` when BENCH_CPU_PROF names a
// directory: profiles the CPU from boot and writes the profile there on SIGUSR2. Node's own
// --cpu-prof writes only at a normal exit, and the hub's shutdown hooks end it by re-raising the signal.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const session = new Session();
session.connect();
session.post('Profiler.enable', () => session.post('Profiler.start'));
process.on('SIGUSR2', () =>
  session.post('Profiler.stop', (error, result) => {
    if (error) throw error;
    const path = join(process.env.BENCH_CPU_PROF, `hub-${process.pid}.cpuprofile`);
    writeFileSync(path, JSON.stringify(result.profile));
    process.stdout.write(`cpu profile written: ${path}\n`);
  }),
);
