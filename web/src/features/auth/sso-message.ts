import { z } from 'zod/mini';

/** What the sign-on popup tells the login page that opened it (SPEC §2 Login, step 3). */
const ssoMessageSchema = z.object({
  type: z.literal('paddock:sso'),
  token: z.nullable(z.string()),
  error: z.nullable(z.string()),
});
export type SsoMessage = z.infer<typeof ssoMessageSchema>;

export function parseSsoMessage(data: unknown): SsoMessage | null {
  const parsed = ssoMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** Posts only to our own origin, so the token never reaches another site. */
export function postSsoMessage(target: Window, result: Omit<SsoMessage, 'type'>): void {
  const message: SsoMessage = { type: 'paddock:sso', ...result };
  target.postMessage(message, window.location.origin);
}
