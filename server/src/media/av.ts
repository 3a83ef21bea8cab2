import { join } from 'node:path';
import { unreadable } from './media-errors';
import { runTool } from './run-tool';

export interface AvFacts {
  durationMs?: number;
  /** Displayed size of the first video stream (rotation applied). */
  width?: number;
  height?: number;
  /** The first video stream's average frame rate (29.97 for 30000/1001). */
  framesPerSecond?: number;
  hasVideo: boolean;
  hasAudio: boolean;
  createdAt?: Date;
}

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

interface Probe {
  streams?: ProbeStream[];
  format?: { duration?: string; tags?: { creation_time?: string } };
}

const PROBE_TIMEOUT_MS = 60_000;
const POSTER_TIMEOUT_MS = 120_000;
/** Proxies of long films take a while on two cores; a stuck ffmpeg still ends. */
const PROXY_TIMEOUT_MS = 2 * 60 * 60_000;

/** ffprobe's rate fraction ("30000/1001"); undefined for "0/0" (no rate, e.g. a still). */
export function rateOf(fraction: string | undefined): number | undefined {
  const [num, den] = (fraction ?? '').split('/').map(Number);
  const rate = den === undefined ? num : num! / den;
  return rate !== undefined && Number.isFinite(rate) && rate > 0 ? rate : undefined;
}

/** Duration, size and streams of an audio or video file (ffprobe's JSON). */
export async function probe(path: string): Promise<AvFacts> {
  const { stdout } = await runTool(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
    PROBE_TIMEOUT_MS,
  );
  let parsed: Probe;
  try {
    parsed = JSON.parse(stdout.toString('utf8')) as Probe;
  } catch {
    throw unreadable('ffprobe answered no JSON');
  }
  const streams = parsed.streams ?? [];
  // Cover art in audio files is a 'video' stream marked attached_pic: not a picture track.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video && !audio) throw unreadable('No audio or video stream');
  const seconds = Number(parsed.format?.duration ?? video?.duration ?? audio?.duration);
  const rotation = Math.abs(
    Number(
      video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video?.tags?.rotate ?? 0,
    ),
  );
  const turned = rotation % 180 === 90;
  const created = parsed.format?.tags?.creation_time ? new Date(parsed.format.tags.creation_time) : undefined;
  return {
    durationMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : undefined,
    width: turned ? video?.height : video?.width,
    height: turned ? video?.width : video?.height,
    framesPerSecond: rateOf(video?.avg_frame_rate) ?? rateOf(video?.r_frame_rate),
    hasVideo: Boolean(video),
    hasAudio: Boolean(audio),
    createdAt: created && !Number.isNaN(created.getTime()) ? created : undefined,
  };
}

/** ffmpeg, quiet and overwriting `out`; `inputOptions` go before `-i` (e.g. a fast `-ss` seek). */
async function ffmpeg(
  source: string,
  out: string,
  args: string[],
  timeoutMs: number,
  inputOptions: string[] = [],
): Promise<string> {
  // -map_metadata -1: no tag of the source (GPS location, camera, owner) reaches a rendition that
  // external shares serve.
  await runTool(
    'ffmpeg',
    ['-v', 'error', '-y', ...inputOptions, '-i', source, '-map_metadata', '-1', ...args, out],
    timeoutMs,
  );
  return out;
}

/**
 * One frame as PNG: at 10% of the film (1 s when the duration is unknown), or the first frame when
 * the film is shorter than that. `-ss` before `-i` seeks by index: fast on long files.
 */
export function extractFrame(source: string, workDir: string, durationMs?: number): Promise<string> {
  const at = durationMs ? durationMs / 10_000 : 1;
  return ffmpeg(source, join(workDir, 'frame.png'), ['-frames:v', '1', '-an'], POSTER_TIMEOUT_MS, [
    '-ss',
    at.toFixed(3),
  ]);
}

/**
 * A web-playable proxy: H.264 baseline (yuv420p, even sides, at most 1280 wide) with AAC stereo
 * 128k, the index at the front (faststart) so browsers play while downloading.
 */
export function videoProxy(source: string, workDir: string, hasAudio: boolean): Promise<string> {
  return ffmpeg(
    source,
    join(workDir, 'proxy.mp4'),
    [
      '-map',
      '0:v:0',
      ...(hasAudio ? ['-map', '0:a:0'] : []),
      '-vf',
      "scale='trunc(min(1280,iw)/2)*2':-2,format=yuv420p",
      '-c:v',
      'libx264',
      '-profile:v',
      'baseline',
      '-preset',
      'veryfast',
      '-crf',
      '26',
      ...(hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
      '-movflags',
      '+faststart',
    ],
    PROXY_TIMEOUT_MS,
  );
}

/** An AAC 128k proxy in an MP4 audio container (plays everywhere). */
export function audioProxy(source: string, workDir: string): Promise<string> {
  return ffmpeg(
    source,
    join(workDir, 'proxy.m4a'),
    ['-vn', '-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-movflags', '+faststart'],
    PROXY_TIMEOUT_MS,
  );
}

/** The waveform of the whole file as a PNG (ffmpeg showwavespic). */
export function waveform(source: string, workDir: string): Promise<string> {
  return ffmpeg(
    source,
    join(workDir, 'waveform.png'),
    [
      '-filter_complex',
      'aformat=channel_layouts=mono,showwavespic=s=1600x600:colors=0x7c3aed',
      '-frames:v',
      '1',
    ],
    POSTER_TIMEOUT_MS,
  );
}

/** The pages of a PDF, as poppler's pdfinfo counts them. */
export async function pdfPageCount(source: string): Promise<number> {
  const { stdout } = await runTool('pdfinfo', [source], PROBE_TIMEOUT_MS);
  const pages = /^Pages:\s+(\d+)/m.exec(stdout.toString('utf8'))?.[1];
  if (pages === undefined) throw unreadable('pdfinfo counted no pages');
  return Number(pages);
}

/** The first page of a PDF as PNG, its longer side 2048 px (poppler's pdftoppm). */
export async function pdfFirstPage(source: string, workDir: string): Promise<string> {
  const prefix = join(workDir, 'page');
  await runTool(
    'pdftoppm',
    ['-png', '-f', '1', '-l', '1', '-scale-to', '2048', '-singlefile', source, prefix],
    POSTER_TIMEOUT_MS,
  );
  return `${prefix}.png`;
}
