import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** An outside program the media pipeline runs, the Debian packages that bring it, what needs it. */
export interface MediaTool {
  /** How people know it (the command itself when it has one name). */
  label: string;
  /** The commands that run it, tried in this order. */
  commands: readonly string[];
  aptPackages: readonly string[];
  /** What works only with it (README "Quick start" says the same). */
  neededFor: string;
}

/**
 * The one table of media tools: the start-up check, the demo seed and the derivative jobs all
 * name a missing tool and its package from here. ImageMagick: IM7's `magick`, Debian's IM6
 * binary by its own name (a `convert` earlier on the PATH may be something else), then `convert`.
 */
export const MEDIA_TOOLS = {
  ffmpeg: {
    label: 'ffmpeg',
    commands: ['ffmpeg'],
    aptPackages: ['ffmpeg'],
    neededFor: 'video and audio previews, posters and proxies; the demo videos and sounds',
  },
  ffprobe: {
    label: 'ffprobe',
    commands: ['ffprobe'],
    aptPackages: ['ffmpeg'],
    neededFor: 'video and audio previews (duration and size)',
  },
  pdftoppm: {
    label: 'pdftoppm',
    commands: ['pdftoppm'],
    aptPackages: ['poppler-utils'],
    neededFor: 'PDF, Illustrator and office previews',
  },
  pdfinfo: {
    label: 'pdfinfo',
    commands: ['pdfinfo'],
    aptPackages: ['poppler-utils'],
    neededFor: 'the pre-flight page count of PDFs',
  },
  imagemagick: {
    label: 'ImageMagick',
    commands: ['magick', 'convert-im6.q16', 'convert'],
    aptPackages: ['imagemagick'],
    neededFor: 'Photoshop previews',
  },
  ghostscript: {
    label: 'Ghostscript (gs)',
    commands: ['gs'],
    aptPackages: ['ghostscript'],
    neededFor: 'EPS and PostScript Illustrator previews',
  },
  libreoffice: {
    label: 'LibreOffice (soffice)',
    commands: ['soffice'],
    aptPackages: ['libreoffice-writer-nogui', 'libreoffice-impress-nogui', 'libreoffice-calc-nogui'],
    neededFor: 'Word, PowerPoint and Excel previews',
  },
} as const satisfies Record<string, MediaTool>;

export type MediaToolName = keyof typeof MEDIA_TOOLS;

const TOOL_NAMES = Object.keys(MEDIA_TOOLS) as MediaToolName[];

/** "ffmpeg is not installed (apt-get install ffmpeg)": the line every caller shows. */
export function missingToolMessage(name: MediaToolName): string {
  const tool = MEDIA_TOOLS[name];
  return `${tool.label} is not installed (apt-get install ${tool.aptPackages.join(' ')})`;
}

/** The tool a command belongs to, for a spawn that found no such program. */
export function toolOfCommand(command: string): MediaToolName | undefined {
  return TOOL_NAMES.find((name) => (MEDIA_TOOLS[name].commands as readonly string[]).includes(command));
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Which tools are found on `searchPath`, looked up the way spawn looks up a command (the process's
 * PATH: the environment the tools run in, not a setting); nothing is run, so the check costs no
 * LibreOffice start.
 */
export function installedMediaTools(searchPath: string = process.env.PATH ?? ''): Set<MediaToolName> {
  const dirs = searchPath.split(delimiter).filter(Boolean);
  return new Set(
    TOOL_NAMES.filter((name) =>
      MEDIA_TOOLS[name].commands.some((command) => dirs.some((dir) => isExecutable(join(dir, command)))),
    ),
  );
}

/** What `npm start` prints: one line per missing tool, then the one command that installs them. */
export function mediaToolReport(installed: ReadonlySet<MediaToolName>): string[] {
  const missing = TOOL_NAMES.filter((name) => !installed.has(name));
  if (!missing.length)
    return [`Media tools: all found (${TOOL_NAMES.map((n) => MEDIA_TOOLS[n].label).join(', ')})`];
  const packages = [...new Set(missing.flatMap((name) => MEDIA_TOOLS[name].aptPackages))];
  return [
    'Media tools missing: Paddock runs without them, and these fail with a clear reason instead:',
    ...missing.map((name) => `  ${missingToolMessage(name)}: ${MEDIA_TOOLS[name].neededFor}`),
    `Install them all: sudo apt-get install --no-install-recommends ${packages.join(' ')}`,
  ];
}
