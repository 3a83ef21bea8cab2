import { ensureDatabase, migrate } from '../database/migrator';
import { loadConfigOrExit } from '../preflight';

/** `npm run migrate`: creates the database when missing and applies pending migrations. */
async function main(): Promise<void> {
  const config = await loadConfigOrExit();
  if (await ensureDatabase(config.DATABASE_URL))
    console.log(`Created database ${new URL(config.DATABASE_URL).pathname.slice(1)}`);
  const result = await migrate(config.DATABASE_URL);
  console.log(
    result.applied.length
      ? `Applied ${result.applied.length} migration(s): ${result.applied.join(', ')}`
      : `Database is up to date (${result.alreadyApplied} migrations)`,
  );
}

main().catch((e: unknown) => {
  console.error(`Migration failed: ${(e as Error).message}`);
  process.exit(1);
});
