// Plate detection (issue 28 point 1, docs/plates.md) on generated scenes: the detector the worker
// runs (server/dist, opencv.js with Debian's plate cascade) over pictures drawn with sharp — a
// car-like body on a noisy background with an EU-style plate (white, blue band, dark characters)
// of varying size and position, and some scenes without a plate. Recall, false boxes per image
// and milliseconds per image (warm: the library loaded and one detection run first).
import sharp from 'sharp';
import { fmt } from './hub-client.mjs';

/** Scenes in all; every fourth has no plate. */
const SCENES = 40;
/** Plate widths as a share of the picture's width: far, middle and near. */
const PLATE_SHARES = [0.08, 0.12, 0.18, 0.25];
const SIZES = [
  [1600, 1000],
  [2400, 1600],
  [1200, 800],
];
const LETTERS = 'ABCDEFGHJKLMNPRSTVWXYZ';

export const PLATES_METHOD = `- **Plate detection**: ${SCENES} scenes drawn with sharp (${SIZES.map(([w, h]) => `${w}×${h}`).join(', ')}):
  a grey noisy background, a dark car-like body with wheels and, in three scenes of four, an EU-style plate
  (white, blue band, dark characters "AB 123 CD"-like, 4.7:1) whose width is ${PLATE_SHARES.map((s) => `${s * 100} %`).join(', ')}
  of the picture's, at a varying place on the body; JPEG quality 90. The worker's detector
  (\`OpenCvPlateDetector\`, ${'`haarcascade_russian_plate_number.xml`'}, grey copies at widths 800, 1600 and ≤ 2400, boxes merged and
  padded 18 %) runs on each after one warm-up detection. A plate is found when a box covers at least 60 % of it;
  a box covering no plate is a false box. These scenes are easy on purpose (frontal, sharp, high contrast, one
  plate format): the figures are an upper bound. Real photos — angles, dirt, glare, night, motion blur,
  foreign and two-line plates — will do worse, and were not measured (none are available offline); the
  detector only proposes, a person confirms the boxes before a share.`;

/** A seeded pseudo-random sequence: every run draws the same scenes (only the background noise differs). */
function random(seed) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** The plate width of scene `index`: every width in turn over the scenes that have a plate. */
function shareOf(index) {
  return PLATE_SHARES[Math.floor(index / 2) % PLATE_SHARES.length];
}

function plateText(next) {
  const pick = () => LETTERS[Math.floor(next() * LETTERS.length)];
  return `${pick()}${pick()} ${Math.floor(100 + next() * 900)} ${pick()}${pick()}`;
}

/** One scene and where its plate is (pixels), null without one. */
async function scene(index) {
  const next = random(index + 1);
  const [width, height] = SIZES[index % SIZES.length];
  const withPlate = index % 4 !== 3;
  const carW = width * (0.55 + next() * 0.3);
  const carH = height * (0.35 + next() * 0.15);
  const carX = (width - carW) * next();
  const carY = height * 0.3 + (height * 0.6 - carH) * next();
  const share = shareOf(index);
  const pw = Math.round(width * share);
  const ph = Math.round(pw / 4.7);
  const px = Math.round(carX + (carW - pw) * (0.3 + next() * 0.4));
  const py = Math.round(carY + carH * 0.55 + (carH * 0.3 - ph) * next());
  const wheel = carH * 0.28;
  const plate = withPlate
    ? `<rect x="${px}" y="${py}" width="${pw}" height="${ph}" rx="${ph * 0.08}" fill="#f4f4f0" stroke="#111" stroke-width="${Math.max(1, ph * 0.04)}"/>
       <rect x="${px}" y="${py}" width="${pw * 0.09}" height="${ph}" fill="#1d3fa6"/>
       <text x="${px + pw * 0.55}" y="${py + ph * 0.78}" font-family="DejaVu Sans" font-weight="bold" font-size="${ph * 0.72}" text-anchor="middle" fill="#151515">${plateText(next)}</text>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#8a8f94"/>
    <rect y="${height * 0.75}" width="${width}" height="${height * 0.25}" fill="#5a5d60"/>
    <rect x="${carX}" y="${carY}" width="${carW}" height="${carH}" rx="${carH * 0.2}" fill="#2b3440"/>
    <rect x="${carX + carW * 0.15}" y="${carY - carH * 0.35}" width="${carW * 0.6}" height="${carH * 0.45}" rx="${carH * 0.15}" fill="#3b4654"/>
    <circle cx="${carX + carW * 0.2}" cy="${carY + carH}" r="${wheel}" fill="#111"/>
    <circle cx="${carX + carW * 0.8}" cy="${carY + carH}" r="${wheel}" fill="#111"/>
    ${plate}
  </svg>`;
  const noise = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 18 } },
  })
    .png()
    .toBuffer();
  const image = await sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
  return { image, width, height, truth: withPlate ? { x: px, y: py, w: pw, h: ph } : null };
}

/** How much of `truth` (pixels) the box (fractions) covers. */
function covered(box, truth, width, height) {
  const x0 = Math.max(box.x * width, truth.x);
  const y0 = Math.max(box.y * height, truth.y);
  const x1 = Math.min((box.x + box.w) * width, truth.x + truth.w);
  const y1 = Math.min((box.y + box.h) * height, truth.y + truth.h);
  return x1 > x0 && y1 > y0 ? ((x1 - x0) * (y1 - y0)) / (truth.w * truth.h) : 0;
}

export async function benchPlates(detector) {
  const scenes = [];
  for (let i = 0; i < SCENES; i++) scenes.push(await scene(i));
  const t0 = Date.now();
  await detector.detect(scenes[0].image);
  const coldMs = Date.now() - t0;
  let plates = 0;
  let found = 0;
  let falseBoxes = 0;
  const bySize = new Map(PLATE_SHARES.map((s) => [s, { plates: 0, found: 0 }]));
  let ms = 0;
  for (const [i, s] of scenes.entries()) {
    const started = process.hrtime.bigint();
    const boxes = await detector.detect(s.image);
    ms += Number(process.hrtime.bigint() - started) / 1e6;
    const hits = boxes.map((b) => s.truth !== null && covered(b, s.truth, s.width, s.height) >= 0.6);
    falseBoxes += boxes.filter((b) => !s.truth || covered(b, s.truth, s.width, s.height) === 0).length;
    if (!s.truth) continue;
    plates += 1;
    const share = bySize.get(shareOf(i));
    share.plates += 1;
    if (hits.some(Boolean)) {
      found += 1;
      share.found += 1;
    }
  }
  return { scenes: scenes.length, plates, found, falseBoxes, msPerImage: ms / scenes.length, coldMs, bySize };
}

export function platesRows(m) {
  const sizes = [...m.bySize].map(([share, r]) => `${share * 100} % wide: ${r.found}/${r.plates}`).join('; ');
  return [
    [
      'plate detection, recall',
      `${m.found}/${m.plates} plates (${fmt((100 * m.found) / m.plates)} %)`,
      sizes,
    ],
    [
      'plate detection, false boxes',
      `${fmt(m.falseBoxes / m.scenes, 2)} per image`,
      `${m.falseBoxes} in ${m.scenes} images`,
    ],
    [
      'plate detection, time',
      `${fmt(m.msPerImage)} ms per image (warm)`,
      `first detection with the load: ${fmt(m.coldMs)} ms`,
    ],
  ];
}
