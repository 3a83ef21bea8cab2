// `npm run seed`: idempotent demo organisation (README lists the accounts; demo only).
import { build, ensureDependencies, generatePrismaClients, run } from './lib.mjs';

ensureDependencies();
generatePrismaClients();
build({ web: false });
run(process.execPath, ['server/dist/cli/migrate.js']);
run(process.execPath, ['server/dist/cli/seed.js']);
