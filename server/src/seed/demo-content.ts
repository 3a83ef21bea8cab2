import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { contentTypeOf, departmentFolderPrettyId, FOLDER_CODES } from '@paddock/rules';
import sharp from 'sharp';
import { BuiltinProviderPrismaService } from '../builtin-provider/builtin-provider-prisma.service';
import { ContentsService } from '../builtin-provider/contents/contents.service';
import { mimeTypeOf } from '../builtin-provider/contents/media-types';
import { CallerResolver, type ProviderCaller } from '../builtin-provider/access/provider-caller';
import { installedMediaTools, missingToolMessage, type MediaToolName } from '../media/media-tools';
import { runTool } from '../media/run-tool';
import { UserDirectoryRepository } from '../builtin-provider/identity/user-directory.repository';
import { DEPARTMENTS, SUPPLIER, campaignFolderPrettyId } from './demo-data';
import { demoDocx, demoEps, demoPptx, demoPsd } from './demo-documents';

/**
 * Demo and test media made on the spot (never downloaded): images by sharp with an SVG text
 * overlay, video and audio by ffmpeg's test sources, PDFs written by hand.
 */

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface DemoImageOptions {
  width: number;
  height: number;
  /** Two colours of the diagonal gradient. */
  from: string;
  to: string;
  title: string;
  format: 'jpeg' | 'png';
}

/** A gradient picture with a title across it (what a car shot's placeholder would look like). */
export async function demoImage(o: DemoImageOptions): Promise<Buffer> {
  const size = Math.round(Math.min(o.width, o.height) / 9);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${o.width}" height="${o.height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${o.from}"/><stop offset="1" stop-color="${o.to}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<circle cx="${o.width * 0.75}" cy="${o.height * 0.3}" r="${size * 1.5}" fill="#ffffff" fill-opacity="0.25"/>` +
    `<text x="50%" y="55%" font-family="sans-serif" font-weight="bold" font-size="${size}" fill="#ffffff" ` +
    `text-anchor="middle">${escapeXml(o.title)}</text></svg>`;
  const image = sharp(Buffer.from(svg));
  return o.format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

/** Latin-1 only, with PDF string escapes: the built-in Helvetica knows no other characters. */
function pdfText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[\\()]/g, (c) => `\\${c}`);
}

/** A valid one-page PDF (A4) with a coloured band and lines of text, written object by object. */
export function minimalPdf(title: string, lines: readonly string[] = []): Buffer {
  const text = [
    '0.80 0.05 0.10 rg 0 742 595 100 re f',
    `BT /F1 30 Tf 1 1 1 rg 40 780 Td (${pdfText(title)}) Tj ET`,
    ...lines.map((line, i) => `BT /F1 14 Tf 0 0 0 rg 40 ${700 - i * 24} Td (${pdfText(line)}) Tj ET`),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A few seconds of test pattern take well under a second; a stuck ffmpeg still ends. */
const FFMPEG_TIMEOUT_MS = 60_000;

async function viaFile(workDir: string, name: string, args: readonly string[]): Promise<Buffer> {
  const out = join(workDir, name);
  try {
    await runTool('ffmpeg', ['-v', 'error', '-y', ...args, out], FFMPEG_TIMEOUT_MS);
    return await readFile(out);
  } finally {
    await rm(out, { force: true });
  }
}

/** A short H.264/AAC MP4 of an ffmpeg test pattern with a sine tone. */
export function demoVideo(
  workDir: string,
  o: { seconds: number; width: number; height: number; pattern: 'testsrc' | 'smptebars'; frequency: number },
): Promise<Buffer> {
  return viaFile(workDir, `video-${o.pattern}-${o.width}x${o.height}.mp4`, [
    '-f',
    'lavfi',
    '-i',
    `${o.pattern}=size=${o.width}x${o.height}:rate=25:duration=${o.seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${o.frequency}:duration=${o.seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-shortest',
  ]);
}

/** A sine tone, MP3 or WAV. */
export function demoAudio(
  workDir: string,
  o: { seconds: number; frequency: number; format: 'mp3' | 'wav' },
): Promise<Buffer> {
  return viaFile(workDir, `tone-${o.frequency}.${o.format}`, [
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${o.frequency}:duration=${o.seconds}`,
    ...(o.format === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '96k'] : []),
  ]);
}

/** One demo asset: its file name, its names in IT and EN, and how to make its bytes. */
export interface DemoAsset {
  fileName: string;
  it: string;
  en: string;
  /** The outside tool that makes its bytes, if any (the seed skips the asset without it). */
  needs?: MediaToolName;
  make(workDir: string): Promise<Buffer>;
}

export interface DemoFolderContents {
  /** prettyId of the folder. */
  folder: string;
  /** Who uploads (must have `write` on the folder). */
  uploader: string;
  assets: DemoAsset[];
}

const PALETTES = [
  ['#b91c1c', '#f59e0b'],
  ['#1d4ed8', '#06b6d4'],
  ['#065f46', '#a3e635'],
  ['#4c1d95', '#ec4899'],
  ['#111827', '#9ca3af'],
  ['#7c2d12', '#fde68a'],
] as const;

const SIZES = [
  [2400, 1600],
  [1920, 1080],
  [1080, 1350],
  [800, 800],
  [3000, 2000],
  [640, 960],
] as const;

function image(index: number, it: string, en: string, format: 'jpeg' | 'png' = 'jpeg'): DemoAsset {
  const [from, to] = PALETTES[index % PALETTES.length];
  const [width, height] = SIZES[index % SIZES.length];
  const slug = en.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    fileName: `${slug}.${format === 'jpeg' ? 'jpg' : 'png'}`,
    it,
    en,
    make: () => demoImage({ width, height, from, to, title: en, format }),
  };
}

const bytes = (text: string) => () => Promise.resolve(Buffer.from(text));

/** The assets of one department: its archive and campaign subfolder, its enrichment folder, its supplier's work folder. */
export function demoContents(department: string, label: string): DemoFolderContents[] {
  const p = (code: string) => departmentFolderPrettyId(code, department);
  const offset = department === 'HERITAGE' ? 3 : 0;
  const tone = department === 'HERITAGE' ? 330 : 440;
  const archive: DemoAsset[] = [
    image(offset, `${label} - Spider 1966 di lato`, `${label} - Spider 1966 side view`),
    image(offset + 1, `${label} - Berlinetta in pista`, `${label} - Berlinetta on track`),
    image(offset + 2, `${label} - Cruscotto`, `${label} - Dashboard`),
    image(offset + 3, `${label} - Motore V12`, `${label} - V12 engine`, 'png'),
    image(offset + 4, `${label} - Salone di Ginevra`, `${label} - Geneva motor show`),
    image(offset + 5, `${label} - Fabbrica 1950`, `${label} - Factory 1950`),
    image(offset + 6, `${label} - Logo storico`, `${label} - Historic logo`, 'png'),
    image(offset + 7, `${label} - Interni in pelle`, `${label} - Leather interior`),
    {
      fileName: 'spot-30.mp4',
      needs: 'ffmpeg',
      it: `${label} - Spot televisivo`,
      en: `${label} - TV commercial`,
      make: (work) =>
        demoVideo(work, { seconds: 3, width: 640, height: 360, pattern: 'smptebars', frequency: tone }),
    },
    {
      fileName: 'motore-avvio.mp3',
      needs: 'ffmpeg',
      it: `${label} - Avvio del motore`,
      en: `${label} - Engine start`,
      make: (work) => demoAudio(work, { seconds: 3, frequency: tone / 2, format: 'mp3' }),
    },
    {
      fileName: 'listino.pdf',
      it: `${label} - Listino prezzi`,
      en: `${label} - Price list`,
      make: () =>
        Promise.resolve(minimalPdf(`${label} price list`, ['Spider 1966', 'Berlinetta', 'Coupe 2+2'])),
    },
    {
      fileName: 'logo-vettoriale.ai',
      it: `${label} - Logo vettoriale`,
      en: `${label} - Vector logo`,
      // Illustrator's default files are PDF-compatible: this one is a PDF with the .ai extension.
      make: () => Promise.resolve(minimalPdf(`${label} logo`)),
    },
    {
      fileName: 'impaginato.psd',
      it: `${label} - Impaginato`,
      en: `${label} - Layout`,
      make: () => demoPsd(800, 560, '#1d4ed8', '#f97316'),
    },
    {
      fileName: 'brochure.eps',
      it: `${label} - Brochure`,
      en: `${label} - Brochure`,
      make: () => Promise.resolve(demoEps(`${label} brochure`)),
    },
    {
      fileName: 'comunicato.docx',
      it: `${label} - Comunicato stampa`,
      en: `${label} - Press release`,
      make: () => Promise.resolve(demoDocx(`${label} press release`, ['Spider 1966', 'Berlinetta'])),
    },
    {
      fileName: 'presentazione.pptx',
      it: `${label} - Presentazione`,
      en: `${label} - Presentation`,
      make: () => Promise.resolve(demoPptx(`${label} presentation`)),
    },
    {
      fileName: 'pacchetto-stampa.zip',
      it: `${label} - Cartella stampa`,
      en: `${label} - Press kit`,
      make: bytes('PK demo'),
    },
  ];
  const enrichment: DemoAsset[] = [
    image(offset + 8, `${label} - Da arricchire 1`, `${label} - To enrich 1`),
    image(offset + 9, `${label} - Da arricchire 2`, `${label} - To enrich 2`),
    image(offset + 10, `${label} - Dettaglio cerchi`, `${label} - Wheel detail`),
    {
      fileName: 'making-of.mp4',
      needs: 'ffmpeg',
      it: `${label} - Dietro le quinte`,
      en: `${label} - Making of`,
      make: (work) =>
        demoVideo(work, { seconds: 2, width: 480, height: 270, pattern: 'testsrc', frequency: tone * 2 }),
    },
    {
      fileName: 'intervista.wav',
      needs: 'ffmpeg',
      it: `${label} - Intervista`,
      en: `${label} - Interview`,
      make: (work) => demoAudio(work, { seconds: 2, frequency: tone, format: 'wav' }),
    },
    {
      fileName: 'scheda-tecnica.pdf',
      it: `${label} - Scheda tecnica`,
      en: `${label} - Data sheet`,
      make: () => Promise.resolve(minimalPdf(`${label} data sheet`, ['Engine: V12', 'Power: 300 hp'])),
    },
  ];
  const supplier: DemoAsset[] = [
    image(offset + 11, `${SUPPLIER.it} - Servizio fotografico 1`, `${SUPPLIER.en} - Photo shoot 1`),
    image(offset + 12, `${SUPPLIER.it} - Servizio fotografico 2`, `${SUPPLIER.en} - Photo shoot 2`),
    image(offset + 13, `${SUPPLIER.it} - Servizio fotografico 3`, `${SUPPLIER.en} - Photo shoot 3`, 'png'),
    {
      fileName: 'preventivo.pdf',
      it: `${SUPPLIER.it} - Preventivo`,
      en: `${SUPPLIER.en} - Quote`,
      make: () => Promise.resolve(minimalPdf(`${SUPPLIER.en} quote`, [label])),
    },
  ];
  // The archive's subfolder (demo-data.ts), where SPEC §6 lets the archive's assets be tagged.
  const campaign: DemoAsset[] = [
    image(offset + 14, `${label} - Ginevra 2026 stand`, `${label} - Geneva 2026 stand`),
    image(offset + 15, `${label} - Ginevra 2026 presentazione`, `${label} - Geneva 2026 unveiling`),
    image(offset + 16, `${label} - Ginevra 2026 ospiti`, `${label} - Geneva 2026 guests`, 'png'),
  ];
  return [
    {
      folder: campaignFolderPrettyId(department),
      uploader: DEPARTMENT_UPLOADERS[department],
      assets: campaign,
    },
    {
      folder: p(FOLDER_CODES.departmentArchive),
      uploader: DEPARTMENT_UPLOADERS[department],
      assets: archive,
    },
    { folder: p(FOLDER_CODES.enrichment), uploader: DEPARTMENT_UPLOADERS[department], assets: enrichment },
    { folder: p(FOLDER_CODES.supplierWork), uploader: SUPPLIER_UPLOADER, assets: supplier },
  ];
}

export interface DemoAssetPlan {
  make: DemoAsset[];
  /** How many assets wait for each missing tool. */
  skipped: Map<MediaToolName, number>;
}

/** The assets this machine can make: those whose tool is missing wait for a later seed. */
export function planDemoAssets(
  assets: readonly DemoAsset[],
  installed: ReadonlySet<MediaToolName>,
): DemoAssetPlan {
  const plan: DemoAssetPlan = { make: [], skipped: new Map() };
  for (const asset of assets)
    if (!asset.needs || installed.has(asset.needs)) plan.make.push(asset);
    else plan.skipped.set(asset.needs, (plan.skipped.get(asset.needs) ?? 0) + 1);
  return plan;
}

/** The one line the seed prints for a missing tool. */
export function skippedDemoAssetsLine(tool: MediaToolName, count: number): string {
  return `${count} demo assets skipped: ${missingToolMessage(tool)}; \`npm run seed\` adds them once it is`;
}

/** Demo users with `write` on their department's archive and enrichment (demo-data.ts). */
const DEPARTMENT_UPLOADERS: Record<string, string> = { MARKETING: 'mario.rossi', HERITAGE: 'marco.multi' };
const SUPPLIER_UPLOADER = 'foto.studio';

/** The seed's only reads of provider rows: folder ids and which demo assets exist already. */
@Injectable()
export class DemoContentRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  async folderId(prettyId: string): Promise<string | null> {
    return (await this.prisma.category.findUnique({ where: { prettyId }, select: { id: true } }))?.id ?? null;
  }

  /** The EN names of the contents already linked to a folder (the seed's idempotency marker). */
  async namesIn(folderId: string): Promise<Set<string>> {
    const rows = await this.prisma.contentLocale.findMany({
      where: { locale: 'EN', content: { categories: { some: { categoryId: folderId } } } },
      select: { name: true },
    });
    return new Set(rows.map((r) => r.name));
  }
}

export interface DemoContentSummary {
  created: number;
  existing: number;
  skipped: number;
}

/**
 * Demo assets across both departments' folders, created through the provider's contents service
 * (upload, then insert) so that derivatives are requested the normal way. Idempotent: an asset
 * whose EN name is already in its folder is skipped.
 */
@Injectable()
export class DemoContentSeeder {
  private readonly logger = new Logger(DemoContentSeeder.name);

  constructor(
    private readonly contents: ContentsService,
    private readonly callers: CallerResolver,
    private readonly users: UserDirectoryRepository,
    private readonly repository: DemoContentRepository,
  ) {}

  async run(): Promise<DemoContentSummary> {
    const summary: DemoContentSummary = { created: 0, existing: 0, skipped: 0 };
    const installed = installedMediaTools();
    const skipped = new Map<MediaToolName, number>();
    const workDir = await mkdtemp(join(tmpdir(), 'paddock-demo-'));
    const callerOf = new Map<string, ProviderCaller>();
    try {
      for (const d of DEPARTMENTS)
        for (const plan of demoContents(d.code, d.en)) {
          const folderId = await this.repository.folderId(plan.folder);
          if (!folderId) {
            this.logger.warn(`Demo folder ${plan.folder} is missing: its demo assets are skipped`);
            continue;
          }
          const present = await this.repository.namesIn(folderId);
          const absent = plan.assets.filter((a) => !present.has(a.en));
          summary.existing += plan.assets.length - absent.length;
          const { make, skipped: waiting } = planDemoAssets(absent, installed);
          for (const [tool, count] of waiting) skipped.set(tool, (skipped.get(tool) ?? 0) + count);
          if (!make.length) continue;
          const caller = callerOf.get(plan.uploader) ?? (await this.callerFor(plan.uploader));
          callerOf.set(plan.uploader, caller);
          for (const asset of make) {
            await this.create(caller, folderId, asset, workDir);
            summary.created += 1;
          }
        }
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
    for (const [tool, count] of skipped) {
      this.logger.warn(skippedDemoAssetsLine(tool, count));
      summary.skipped += count;
    }
    return summary;
  }

  private async callerFor(username: string): Promise<ProviderCaller> {
    const user = await this.users.findByUsername(username);
    if (!user) throw new Error(`Demo uploader ${username} is not seeded`);
    return this.callers.callerOf(user);
  }

  private async create(
    caller: ProviderCaller,
    folderId: string,
    asset: DemoAsset,
    workDir: string,
  ): Promise<void> {
    const body = await asset.make(workDir);
    const upload = await this.contents.upload(caller, asset.fileName, Readable.from([body]));
    const extension = asset.fileName.split('.').pop() ?? '';
    await this.contents.insert(caller, {
      param: {
        contentType: contentTypeOf(mimeTypeOf(extension), extension),
        contentOpt: {
          basicInfoByLocale: [
            { locale: 'IT', name: asset.it },
            { locale: 'EN', name: asset.en },
          ],
          initAllLocales: false,
          linkedCategoryIds: [folderId],
        },
        sources: [
          {
            s3: {
              bucket: upload.bucket,
              filePath: upload.filePath,
              newFileName: asset.fileName,
              removeSourceFile: true,
            },
          },
        ],
      },
    });
  }
}
