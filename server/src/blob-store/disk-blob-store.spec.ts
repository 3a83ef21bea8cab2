import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { DiskBlobStore } from './disk-blob-store';
import { handOverFile } from './handed-over-file';

/** The next rename fails as it does across two file systems, when set. */
let crossDevice = false;
jest.mock('node:fs/promises', () => {
  const actual = jest.requireActual<typeof import('node:fs/promises')>('node:fs/promises');
  return {
    ...actual,
    rename: async (from: string, to: string) => {
      if (crossDevice) {
        crossDevice = false;
        throw Object.assign(new Error('EXDEV: cross-device link not permitted'), { code: 'EXDEV' });
      }
      return actual.rename(from, to);
    },
  };
});

/** The files opened for reading through node:fs streams, in order. */
const opened: string[] = [];
jest.mock('node:fs', () => {
  const actual = jest.requireActual<typeof import('node:fs')>('node:fs');
  return {
    ...actual,
    createReadStream: (...args: Parameters<typeof actual.createReadStream>) => {
      opened.push(String(args[0]));
      return actual.createReadStream(...args);
    },
  };
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A finished upload's bytes taken into the disk store (issue 26: the 1 GiB tus upload written once). */
describe('DiskBlobStore and a handed-over file', () => {
  let root: string;
  let store: DiskBlobStore;
  const bytes = randomBytes(2 * 1024 * 1024 + 11);

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'paddock-handed-'));
    store = new DiskBlobStore(join(root, 'blobs'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  async function upload(): Promise<string> {
    const file = join(root, 'upload.bin');
    await writeFile(file, bytes);
    return file;
  }

  it('takes the file itself, unread: the same inode becomes the blob, its size alone answered, the upload gone', async () => {
    const file = await upload();
    const { ino } = await stat(file);
    const handed = handOverFile(file);
    opened.length = 0;
    // Not hashed here: the derivatives job reads every new source and measures it then.
    expect(await store.put('in/a.bin', handed)).toEqual({ size: bytes.length, sha256: null, crc32: null });
    expect(opened).toEqual([]);
    const blob = join(root, 'blobs/in/a.bin');
    expect((await stat(blob)).ino).toBe(ino);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(sha256(await readFile(blob))).toBe(sha256(bytes));
  });

  it('copies a file stream that is not handed over, and leaves the file where it was', async () => {
    const file = await upload();
    const { ino } = await stat(file);
    expect(await store.put('in/b.bin', createReadStream(file))).toEqual({
      size: bytes.length,
      sha256: sha256(bytes),
      crc32: crc32(bytes),
    });
    expect((await stat(join(root, 'blobs/in/b.bin'))).ino).not.toBe(ino);
    expect(sha256(await readFile(file))).toBe(sha256(bytes));
  });

  it('copies the bytes when the file is on another file system', async () => {
    const file = await upload();
    crossDevice = true;
    expect(await store.put('in/c.bin', handOverFile(file))).toEqual({
      size: bytes.length,
      sha256: sha256(bytes),
      crc32: crc32(bytes),
    });
    expect(sha256(await readFile(join(root, 'blobs/in/c.bin')))).toBe(sha256(bytes));
  });
});
