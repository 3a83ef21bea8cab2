import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UploadResult } from '@paddock/rules';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { HttpProviderGateway, createProviderHttp } from '../../src/provider/http-provider.gateway';
import { PASSWORD, signIn } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from './test-app';
import { tusUpload } from './tus-client';
import { seedMarketingWriters } from './writable-folder';

/** A test app with one uploaded file, its writer's and an outsider's provider tokens: what a gateway's contract test calls with. */
export interface GatewayContractWorld {
  t: TestApp;
  contentId: string;
  /** The file's bytes: random, so stored as they are (a ZIP's length is known up front). */
  bytes: Buffer;
  writerToken: string;
  /** A user of another group, who may not see the file. */
  outsiderToken: string;
}

/**
 * The world of a provider gateway's contract test over both transports, started before the suite's
 * tests and closed after them (its fields are set once they start): `name` tells its users
 * (writer.<name>, outsider.<name>) and blob directory apart from another suite's.
 */
export function gatewayContractWorld(name: string, size: number): GatewayContractWorld {
  const world = {} as GatewayContractWorld;
  let workDir: string | undefined;
  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), `paddock-${name}-gateway-`));
    const t = await startTestApp({ BLOB_DIR: join(workDir, 'blobs') });
    const writerName = `writer.${name}`;
    const outsiderName = `outsider.${name}`;
    await t.app
      .get(BuiltinIdentitySeeder)
      .upsertUser({ username: outsiderName, password: PASSWORD, groups: ['L/HERITAGE'] });
    const folderId = await seedMarketingWriters(t, 'dept-marketing', [writerName]);
    const writer = await signIn(t, writerName, PASSWORD, '198.51.100.41');
    const bytes = Buffer.from(Array.from({ length: size }, (_, i) => (i * 7919) % 251));
    const { result } = await tusUpload(t, writer, bytes, {
      filename: 'clip.bin',
      filetype: 'application/octet-stream',
      folderId,
    });
    const sso = new HttpProviderGateway(createProviderHttp(t.config.providerUrl), t.config);
    Object.assign(world, {
      t,
      contentId: (result?.body as UploadResult).contentId,
      bytes,
      writerToken: (await sso.login(writerName, PASSWORD)).token,
      outsiderToken: (await sso.login(outsiderName, PASSWORD)).token,
    });
  });
  afterAll(async () => {
    await world.t?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });
  return world;
}
