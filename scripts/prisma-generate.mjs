// Generates both Prisma clients offline (ARCHITECTURE §1: generate never runs the schema engine,
// so any existing file stands in for it and nothing is downloaded).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
};
for (const schema of ['prisma/schema.prisma', 'prisma/provider/schema.prisma'])
  execFileSync(process.execPath, ['node_modules/prisma/build/index.js', 'generate', '--schema', schema], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
