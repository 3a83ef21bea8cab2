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
  close(): Promise<void>;
}

/**
 * Starts the world of a provider gateway's contract test over both transports: `name` tells its users
 * (writer.<name>, outsider.<name>) and blob directory apart from another suite's.
 */
export async function startGatewayContractWorld(name: string, size: number): Promise<GatewayContractWorld> {
  const workDir = await mkdtemp(join(tmpdir(), `paddock-${name}-gateway-`));
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
  return {
    t,
    contentId: (result?.body as UploadResult).contentId,
    bytes,
    writerToken: (await sso.login(writerName, PASSWORD)).token,
    outsiderToken: (await sso.login(outsiderName, PASSWORD)).token,
    close: async () => {
      await t.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
