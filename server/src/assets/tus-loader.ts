import { createRequire } from 'node:module';
import type * as TusServer from '@tus/server';
import type * as TusFileStore from '@tus/file-store';

/**
 * @tus/server and @tus/file-store are ESM-only. Node (20.19+) requires them natively, Jest's module
 * loader does not (jest.config.ts transforms only its `esmOnly` list); through
 * its `esmOnly` list they load in tests too.
 */
const nodeRequire = createRequire(__filename);

export function loadTus(): {
  Server: typeof TusServer.Server;
  FileStore: typeof TusFileStore.FileStore;
  ERRORS: typeof TusServer.ERRORS;
} {
  const server = nodeRequire('@tus/server') as typeof TusServer;
  const store = nodeRequire('@tus/file-store') as typeof TusFileStore;
  return { Server: server.Server, FileStore: store.FileStore, ERRORS: server.ERRORS };
}
