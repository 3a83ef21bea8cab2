import { MEDIA_ERROR_CODES } from '@paddock/rules';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isPdf, psdComposite } from './documents';

describe('documents: which converter a file goes to, by its bytes', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'documents-spec-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const file = async (name: string, body: string | Buffer) => {
    const path = join(dir, name);
    await writeFile(path, body);
    return path;
  };

  it('takes a file for a PDF when its header is in the first kilobyte, as PDF readers do', async () => {
    expect(await isPdf(await file('plain.ai', '%PDF-1.6\n%âãÏÓ\n'))).toBe(true);
    expect(await isPdf(await file('late.ai', `${' '.repeat(900)}%PDF-1.4\n`))).toBe(true);
    expect(await isPdf(await file('postscript.ai', '%!PS-Adobe-3.0\n%%BoundingBox: 0 0 10 10\n'))).toBe(
      false,
    );
    expect(await isPdf(await file('too-late.ai', `${' '.repeat(1024)}%PDF-1.4\n`))).toBe(false);
  });

  it('refuses a Photoshop file without the 8BPS signature before any converter runs', async () => {
    const notPsd = await file('fake.psd', Buffer.alloc(64, 0x41));
    await expect(psdComposite(notPsd, dir)).rejects.toMatchObject({
      code: MEDIA_ERROR_CODES.UNREADABLE,
    });
  });
});
