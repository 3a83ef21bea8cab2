// `npm run migrate`
import { build, ensureDependencies, generatePrismaClients, run } from './lib.mjs';

ensureDependencies();
generatePrismaClients();
build({ web: false });
run(process.execPath, ['server/dist/cli/migrate.js']);
