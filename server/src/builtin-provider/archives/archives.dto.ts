import { z } from 'zod';

/** THRON's own limit on `criteria.xcontentIds` (research §3.9). */
export const ARCHIVE_MAX_CONTENTS = 1000;

/** An image resolution: THRON's divArea "WxH" (both sides 1–20000), or SOURCE. */
const imageOption = z.union([z.literal('SOURCE'), z.string().regex(/^[1-9]\d{0,4}x[1-9]\d{0,4}$/)]);

/**
 * Video renditions: SOURCE, or WEBHD — the built-in provider's single web channel, its proxy
 * derivative (a real THRON names its channels; WEBHD is one of them).
 */
const videoOption = z.enum(['SOURCE', 'WEBHD']);

/**
 * `archive/prepare/{clientId}` (research §3.9), the subset the portal uses:
 * `{ criteria: { xcontentIds }, options: { image: ['SOURCE' | 'WxH'], video: ['SOURCE' | 'WEBHD'], locale } }`.
 * An empty or missing list means SOURCE, as in THRON; audio and other types always get their source.
 */
export const prepareSchema = z.object({
  criteria: z.object({
    xcontentIds: z.array(z.string().uuid()).min(1).max(ARCHIVE_MAX_CONTENTS),
  }),
  options: z
    .object({
      image: z.array(imageOption).max(20).default([]),
      video: z.array(videoOption).max(2).default([]),
      /** The locale the entries are named in (THRON's `locale`); without it EN. */
      locale: z
        .string()
        .regex(/^[A-Za-z]{2}$/)
        .optional(),
    })
    .default({ image: [], video: [] }),
});
export type PrepareForm = z.infer<typeof prepareSchema>;
export type ArchiveOptions = PrepareForm['options'];

/** The form POST of `archive/download/{clientId}`: token in the form or in X-TOKENID. */
export const downloadSchema = z.object({
  downloadId: z.string().uuid(),
  tokenId: z.string().min(1).max(4096).optional(),
  saveAs: z
    .string()
    .max(100)
    .regex(/^[\w.-]+$/)
    .optional(),
});
export type DownloadForm = z.infer<typeof downloadSchema>;
