// `npm run openapi`: regenerates server/openapi.json, the committed hub API contract.
import { build, ensureDependencies, generatePrismaClients, run } from './lib.mjs';

ensureDependencies();
generatePrismaClients();
build({ web: false });
run(process.execPath, ['server/dist/cli/openapi.js']);
