// `npm start`: install if needed, build, migrate, seed the demo organisation, serve on one port.
import { spawn } from 'node:child_process';
import { build, ensureDependencies, generatePrismaClients, root, run } from './lib.mjs';

ensureDependencies();
generatePrismaClients();
build();
run(process.execPath, ['server/dist/cli/migrate.js']);
run(process.execPath, ['server/dist/cli/seed.js']);
const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
