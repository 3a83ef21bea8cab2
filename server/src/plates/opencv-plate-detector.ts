import { readFile } from 'node:fs/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PlateBoxShape } from '@paddock/rules';
import sharp, { type Metadata } from 'sharp';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { unreadable } from '../media/media-errors';
import { mergeDetections, type PixelRect, type ScaleDetections } from './plate-boxes';
import type { PlateDetector } from './plate-detector';

/**
 * The widths the detector looks at a grey copy in: the cascade's 60×20 window finds a plate only
 * within a band of apparent sizes, and which band a plate falls in depends on the scale
 * (next-wave.md D.2 measured one scale missing what another found).
 */
export const DETECTION_WIDTHS = [800, 1600, 2400] as const;

/** The cascade's search: 10 % larger windows each step, 3 neighbours, nothing under 60×15 px. */
const SCALE_FACTOR = 1.1;
const MIN_NEIGHBOURS = 3;
const MIN_SIZE = { width: 60, height: 15 };

/** The few parts of opencv.js this detector uses (its own types are the whole library). */
interface OpenCv {
  Mat: new (rows: number, cols: number, type: number) => CvMat;
  RectVector: new () => CvRectVector;
  Size: new (width: number, height: number) => unknown;
  CascadeClassifier: new () => CvCascade;
  CV_8UC1: number;
  FS_createDataFile(
    parent: string,
    name: string,
    data: Uint8Array,
    read: boolean,
    write: boolean,
    own: boolean,
  ): void;
  onRuntimeInitialized?: () => void;
}
interface CvMat {
  data: Uint8Array;
  delete(): void;
}
interface CvRectVector {
  size(): number;
  get(i: number): PixelRect;
  delete(): void;
}
interface CvCascade {
  load(path: string): boolean;
  detectMultiScale(
    image: CvMat,
    objects: CvRectVector,
    scaleFactor: number,
    minNeighbors: number,
    flags: number,
    minSize: unknown,
  ): void;
}

/** The loaded library and cascade, wrapped: opencv.js's module is thenable, a bare await would never end. */
interface Loaded {
  cv: OpenCv;
  cascade: CvCascade;
}

/**
 * Haar cascade plate detection with opencv.js (WebAssembly, CPU, nothing downloaded at run time)
 * and the BSD-licensed cascade of Debian's opencv-data. The library costs about a second and
 * 300 MB, so it is loaded once per process and only when a detection first runs: api processes,
 * which never detect, never load it.
 */
@Injectable()
export class OpenCvPlateDetector implements PlateDetector {
  private readonly logger = new Logger(OpenCvPlateDetector.name);
  private loaded: Promise<Loaded> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PLATE_CASCADE_PATH'>) {}

  async detect(image: Buffer): Promise<PlateBoxShape[]> {
    const { cv, cascade } = await this.load();
    const scales: ScaleDetections[] = [];
    const full = await displayedWidthOf(image);
    const widths = [...new Set(DETECTION_WIDTHS.map((w) => Math.min(w, full || w)))];
    for (const width of widths) {
      const { data, info } = await sharp(image, { failOn: 'none' })
        .rotate()
        .greyscale()
        .resize({ width, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      scales.push({ width: info.width, height: info.height, rects: detectIn(cv, cascade, data, info) });
    }
    return mergeDetections(scales);
  }

  private load(): Promise<Loaded> {
    this.loaded ??= this.loadOnce().catch((error: unknown) => {
      // A failed load (a missing cascade) is tried again by the next job, not remembered.
      this.loaded = null;
      throw error;
    });
    return this.loaded;
  }

  private async loadOnce(): Promise<Loaded> {
    const started = Date.now();
    const xml = await readFile(this.config.PLATE_CASCADE_PATH);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use only
    const cv = require('@techstark/opencv-js') as OpenCv;
    await new Promise<void>((resolve) => {
      if (typeof cv.Mat === 'function') resolve();
      else cv.onRuntimeInitialized = resolve;
    });
    cv.FS_createDataFile('/', 'plates.xml', new Uint8Array(xml), true, false, false);
    const cascade = new cv.CascadeClassifier();
    if (!cascade.load('plates.xml'))
      throw new Error(`The plate cascade ${this.config.PLATE_CASCADE_PATH} did not load`);
    this.logger.log({ ms: Date.now() - started }, 'Plate detector loaded');
    return { cv, cascade };
  }
}

/** The picture's width as displayed (EXIF orientations 5–8 turn it); a file sharp cannot read is no image. */
async function displayedWidthOf(image: Buffer): Promise<number> {
  let meta: Metadata;
  try {
    meta = await sharp(image, { failOn: 'none' }).metadata();
  } catch (error) {
    throw unreadable(`Not a readable image: ${(error as Error).message}`);
  }
  return ((meta.orientation ?? 1) >= 5 ? meta.height : meta.width) ?? 0;
}

function detectIn(
  cv: OpenCv,
  cascade: CvCascade,
  grey: Buffer,
  info: { width: number; height: number },
): PixelRect[] {
  const mat = new cv.Mat(info.height, info.width, cv.CV_8UC1);
  const found = new cv.RectVector();
  try {
    mat.data.set(grey);
    cascade.detectMultiScale(
      mat,
      found,
      SCALE_FACTOR,
      MIN_NEIGHBOURS,
      0,
      new cv.Size(MIN_SIZE.width, MIN_SIZE.height),
    );
    return Array.from({ length: found.size() }, (_, i) => {
      const r = found.get(i);
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
  } finally {
    // WebAssembly memory is not collected: every Mat is freed by hand.
    mat.delete();
    found.delete();
  }
}
