import {
  LIMITS,
  SHARE_LANGUAGES,
  SHARE_LIST_PAGE,
  SHARE_PASSWORD_MAX_LENGTH,
  SHARE_RECIPIENTS_MAX,
  SHARE_TEXT_LIMITS,
  isLatin1,
} from '@paddock/rules';
import { z } from 'zod';

const text = (max: number) => z.string().max(max).refine(isLatin1, 'must be Latin-1 text');

/**
 * `POST /externalshare/resources/externalshares` (SPEC §3 "External share request"): name;
 * options (contentDetailLevel, contentDownload, expirationDate, disclaimer, password); domain,
 * contextId, contents.fromIds, message, dispatchEmail (recipients, language); type. Only the hub's
 * service account may name `onBehalfOf` (the user a job shares for); `requestKey` makes a repeated
 * create answer the same share.
 */
export const createShareSchema = z.object({
  name: text(SHARE_TEXT_LIMITS.name).min(1),
  type: z.enum(['EMAIL', 'LINK']),
  options: z.object({
    contentDetailLevel: z.enum(['minimal']).default('minimal'),
    contentDownload: z.enum(['enabled', 'disabled']),
    expirationDate: z.iso.datetime({ offset: true }),
    disclaimer: text(SHARE_TEXT_LIMITS.disclaimer).default(''),
    password: z.string().max(SHARE_PASSWORD_MAX_LENGTH),
  }),
  domain: z.string().max(200).optional(),
  contextId: z.string().max(200).optional(),
  contents: z.object({ fromIds: z.array(z.uuid()).min(1).max(LIMITS.externalShareMaxFiles) }),
  message: text(SHARE_TEXT_LIMITS.message).default(''),
  dispatchEmail: z.object({
    recipients: z.array(z.string().max(254)).max(SHARE_RECIPIENTS_MAX).default([]),
    language: z.enum(SHARE_LANGUAGES),
  }),
  onBehalfOf: z.string().min(1).max(200).optional(),
  requestKey: z.string().min(1).max(200).optional(),
});
export type CreateShareForm = z.infer<typeof createShareSchema>;

/** `POST …/externalshares/{id}/delivery`: the hub reports the mails sent, or the share's failure. */
export const deliverySchema = z.object({
  sentRecipientIds: z.array(z.uuid()).max(SHARE_RECIPIENTS_MAX).default([]),
  failure: z.string().min(1).max(200).optional(),
});
export type DeliveryForm = z.infer<typeof deliverySchema>;

/** The recipient page's password form. */
export const passwordSchema = z.object({ password: z.string().max(SHARE_PASSWORD_MAX_LENGTH) });

/** `GET …/externalshares`: the caller's shares, newest first, a page at a time (`paging.next`). */
export const listSharesSchema = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,300}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(SHARE_LIST_PAGE.max).default(SHARE_LIST_PAGE.default),
});
export type ListSharesQuery = z.infer<typeof listSharesSchema>;
