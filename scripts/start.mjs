// `npm start`: install if needed, build, migrate, seed the demo organisation, serve on one port.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build, ensureDependencies, generatePrismaClients, root, run } from './lib.mjs';

ensureDependencies();
generatePrismaClients();
build();
// Which media tools are missing, what that costs and how to install them: said once, up front.
const mediaTools = createRequire(import.meta.url)('../server/dist/media/media-tools.js');
for (const line of mediaTools.mediaToolReport(mediaTools.installedMediaTools())) console.log(line);
// The plate detector's cascade is a data file, not a program: looked for where the server will read it.
const { configSchema } = createRequire(import.meta.url)('../server/dist/config/config.schema.js');
const cascade = process.env.PLATE_CASCADE_PATH || configSchema.shape.PLATE_CASCADE_PATH.parse(undefined);
if (!existsSync(cascade))
  console.log(
    `Plate cascade missing: ${cascade} (sudo apt-get install opencv-data): no plate boxes are proposed, people still draw them (docs/plates.md)`,
  );
run(process.execPath, ['server/dist/cli/migrate.js']);
run(process.execPath, ['server/dist/cli/seed.js']);
const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
