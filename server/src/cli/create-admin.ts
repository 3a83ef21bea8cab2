import 'reflect-metadata';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { loadConfigOrExit } from '../preflight';
import { FirstAdminCreator, FirstAdminRefused } from '../seed/first-admin';
import { SeedModule } from '../seed/seed.module';

const USAGE =
  'Usage: create-admin <username> [--password-file <path>] (else the password is read from stdin)';

/** The first line of the file or of stdin: a password on the command line would stay in the shell history. */
async function readPassword(file: string | undefined): Promise<string> {
  if (file) return (await readFile(file, 'utf8')).split(/\r?\n/)[0];
  const rl = createInterface({ input: process.stdin, terminal: false });
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

/** `npm run create-admin -- <username>`: the first admin of a hub without demo accounts (README "Running in production"). */
async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'password-file': { type: 'string' } },
  });
  if (positionals.length !== 1) {
    console.error(USAGE);
    process.exit(64);
  }
  const config = await loadConfigOrExit();
  if (!config.BUILTIN_PROVIDER) {
    console.error('BUILTIN_PROVIDER=false: accounts live in the outside provider; create the admin there.');
    process.exit(78);
  }
  const password = await readPassword(values['password-file']);
  const app = await NestFactory.createApplicationContext(SeedModule.forRoot(config), {
    logger: ['error', 'warn'],
  });
  try {
    await app.get(FirstAdminCreator).create(positionals[0], password);
    console.log(
      `Admin ${positionals[0]} created, with the service account ${config.PROVIDER_SERVICE_USERNAME}.`,
    );
  } catch (e) {
    if (!(e instanceof FirstAdminRefused)) throw e;
    console.error(e.message);
    process.exitCode = 65;
  } finally {
    await app.close();
  }
}

main().catch((e: unknown) => {
  console.error(`create-admin failed: ${(e as Error).stack ?? String(e)}`);
  process.exit(1);
});
