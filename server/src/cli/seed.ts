import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfigOrExit } from '../preflight';
import { DemoSeeder } from '../seed/demo-seeder';
import { SeedModule } from '../seed/seed.module';

/**
 * `npm run seed`: the idempotent demo organisation (README lists the demo-only accounts).
 * `--without-assets`: no demo media (their making and previews take minutes), for the cluster suite.
 */
async function main(): Promise<void> {
  const config = await loadConfigOrExit();
  if (config.NODE_ENV === 'production') {
    console.log(
      'NODE_ENV=production: no demo organisation is seeded (its passwords are published). ' +
        'Create the first admin with `npm run create-admin -- <username>`.',
    );
    return;
  }
  const app = await NestFactory.createApplicationContext(SeedModule.forRoot(config), {
    logger: ['error', 'warn'],
  });
  try {
    const s = await app.get(DemoSeeder).run({ assets: !process.argv.includes('--without-assets') });
    console.log(
      `Demo organisation ready: ${s.users} users, ${s.groups} groups, ${s.folders} folders, disclaimer ${s.disclaimer}`,
    );
  } finally {
    await app.close();
  }
}

main().catch((e: unknown) => {
  console.error(`Seed failed: ${(e as Error).stack ?? String(e)}`);
  process.exit(1);
});
