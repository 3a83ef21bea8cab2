// `npm run create-admin -- <username> [--password-file <path>]`: the first admin (README "Running in production").
import { build, ensureDependencies, generatePrismaClients, run } from './lib.mjs';

ensureDependencies();
generatePrismaClients();
build({ web: false });
run(process.execPath, ['server/dist/cli/migrate.js']);
run(process.execPath, ['server/dist/cli/create-admin.js', ...process.argv.slice(2)]);
