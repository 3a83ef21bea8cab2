// `npm start`: install if needed, build, migrate, seed the demo organisation, serve on one port.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { build, ensureDependencies, generatePrismaClients, root, run } from './lib.mjs';

ensureDependencies();
generatePrismaClients();
build();
// Which media tools are missing, what that costs and how to install them: said once, up front.
const mediaTools = createRequire(import.meta.url)('../server/dist/media/media-tools.js');
for (const line of mediaTools.mediaToolReport(mediaTools.installedMediaTools())) console.log(line);
run(process.execPath, ['server/dist/cli/migrate.js']);
run(process.execPath, ['server/dist/cli/seed.js']);
const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
