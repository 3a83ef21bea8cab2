import { LIMITS } from '@paddock/rules';

/** SPEC §7/§9: the cookie that remembers the last recipients, for one year. */
export const RECENT_RECIPIENTS_COOKIE = 'externalSharesEmail';

/** The remembered recipients, most recent first. */
export function readRecentRecipients(cookies: string = document.cookie): string[] {
  const entry = cookies
    .split('; ')
    .find((part) => part.startsWith(`${RECENT_RECIPIENTS_COOKIE}=`))
    ?.slice(RECENT_RECIPIENTS_COOKIE.length + 1);
  if (!entry) return [];
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(entry));
    return Array.isArray(parsed) ? parsed.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
}

/** The list after a share to `used`: those first, then the earlier ones, at most LIMITS.recentRecipientsMax. */
export function mergeRecentRecipients(previous: readonly string[], used: readonly string[]): string[] {
  const merged = [...used, ...previous].map((e) => e.toLowerCase());
  return [...new Set(merged)].slice(0, LIMITS.recentRecipientsMax);
}

export function rememberRecipients(used: readonly string[]): void {
  const next = mergeRecentRecipients(readRecentRecipients(), used);
  const maxAge = LIMITS.recentRecipientsCookieDays * 86_400;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${RECENT_RECIPIENTS_COOKIE}=${encodeURIComponent(JSON.stringify(next))}; path=/; max-age=${maxAge}; SameSite=Lax${secure}`;
}

/** The recipients text with `address` added, unless it is there already (any case). */
export function addRecipient(text: string, address: string): string {
  const entries = text
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.some((e) => e.toLowerCase() === address.toLowerCase())) return text;
  return [...entries, address].join('; ');
}
