import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import {
  installedMediaTools,
  MEDIA_TOOLS,
  mediaToolReport,
  missingToolMessage,
  toolOfCommand,
  type MediaToolName,
} from './media-tools';

describe('media tools: which are installed, and what a missing one costs', () => {
  let bin: string;
  let other: string;

  beforeAll(() => {
    bin = mkdtempSync(join(tmpdir(), 'paddock-tools-'));
    other = mkdtempSync(join(tmpdir(), 'paddock-tools-'));
    const program = (dir: string, name: string, mode: number) => {
      writeFileSync(join(dir, name), '#!/bin/sh\n');
      chmodSync(join(dir, name), mode);
    };
    program(bin, 'ffprobe', 0o755);
    // Present but not executable: spawn could not run it either.
    program(bin, 'ffmpeg', 0o644);
    // ImageMagick 6 under Debian's own name, in a second PATH directory.
    program(other, 'convert-im6.q16', 0o755);
  });
  afterAll(() => {
    rmSync(bin, { recursive: true, force: true });
    rmSync(other, { recursive: true, force: true });
  });

  it('finds a tool by any of its commands in any PATH directory, and only when it can run', () => {
    expect(installedMediaTools([bin, other].join(delimiter))).toEqual(new Set(['ffprobe', 'imagemagick']));
    expect(installedMediaTools('')).toEqual(new Set());
  });

  it('names the Debian package a missing tool comes in', () => {
    expect(missingToolMessage('ffprobe')).toBe('ffprobe is not installed (apt-get install ffmpeg)');
    expect(missingToolMessage('libreoffice')).toBe(
      'LibreOffice (soffice) is not installed (apt-get install libreoffice-writer-nogui libreoffice-impress-nogui libreoffice-calc-nogui)',
    );
    expect(toolOfCommand('convert-im6.q16')).toBe('imagemagick');
    expect(toolOfCommand('sh')).toBeUndefined();
  });

  it('reports each missing tool with what it costs, then one command that installs them all', () => {
    const installed = new Set<MediaToolName>(['ffprobe', 'imagemagick', 'ghostscript', 'libreoffice']);
    expect(mediaToolReport(installed)).toEqual([
      'Media tools missing: Paddock runs without them, and these fail with a clear reason instead:',
      `  ffmpeg is not installed (apt-get install ffmpeg): ${MEDIA_TOOLS.ffmpeg.neededFor}`,
      `  pdftoppm is not installed (apt-get install poppler-utils): ${MEDIA_TOOLS.pdftoppm.neededFor}`,
      `  pdfinfo is not installed (apt-get install poppler-utils): ${MEDIA_TOOLS.pdfinfo.neededFor}`,
      'Install them all: sudo apt-get install --no-install-recommends ffmpeg poppler-utils',
    ]);
    const all = new Set(Object.keys(MEDIA_TOOLS) as MediaToolName[]);
    expect(mediaToolReport(all)).toEqual([
      'Media tools: all found (ffmpeg, ffprobe, pdftoppm, pdfinfo, ImageMagick, Ghostscript (gs), LibreOffice (soffice))',
    ]);
  });
});
