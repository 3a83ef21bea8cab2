// s3rver behind MinIO's interface: `server <dir>` (other arguments ignored), the key pair from
// MINIO_ROOT_USER[_FILE] / MINIO_ROOT_PASSWORD[_FILE], port 9000. s3rver checks the key id, not
// the signature: a stand-in for a local stack, never a store for real data.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const S3rver = require('s3rver');
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account');

function setting(name) {
  const file = process.env[`${name}_FILE`];
  const value = file ? readFileSync(file, 'utf8').replace(/\r?\n$/, '') : process.env[name];
  if (!value) {
    console.error(`${name} or ${name}_FILE is required`);
    process.exit(78);
  }
  return value;
}

const args = process.argv.slice(2);
const directory = args[0] === 'server' && args[1] ? args[1] : '/data';
mkdirSync(directory, { recursive: true });
DUMMY_ACCOUNT.createKeyPair(setting('MINIO_ROOT_USER'), setting('MINIO_ROOT_PASSWORD'));
// Path-style only: otherwise s3rver reads the host name (`s3`) as a bucket.
const server = new S3rver({ address: '0.0.0.0', port: 9000, directory, silent: true, vhostBuckets: false });
await server.run();
console.log(`S3 stand-in (s3rver) on :9000, objects in ${directory}`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
