import {
  FALLBACK_LANGUAGE,
  LANGUAGES,
  LIMITS,
  isLanguage,
  isTileSize,
  type Language,
  type TileSize,
} from '@paddock/rules';

/** The texts of one disclaimer in one interface language (SPEC §3 "Disclaimer"). */
export interface DisclaimerText {
  title: string;
  body: string;
  acceptLabel: string;
  closeLabel: string;
}

export type DisclaimerTexts = Record<Language, DisclaimerText>;

export interface Disclaimer {
  id: string;
  version: string;
  texts: DisclaimerTexts;
  active: boolean;
  createdAt: Date;
}

/** What the demo seed (or an administrator) publishes; `active` defaults to true. */
export interface DisclaimerInput {
  id: string;
  version: string;
  texts: DisclaimerTexts;
  active?: boolean;
}

/** Disclaimer ids travel in URLs: keep them short and plain. */
export const DISCLAIMER_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
export const DISCLAIMER_TEXT_KEYS = ['title', 'body', 'acceptLabel', 'closeLabel'] as const;

export const VIEW_MODES = ['grid', 'list'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export function isViewMode(value: unknown): value is ViewMode {
  return typeof value === 'string' && (VIEW_MODES as readonly string[]).includes(value);
}
export const PAGE_SIZE_RANGE = { min: 10, max: 200 } as const;
export const RECENT_RECIPIENTS_MAX = LIMITS.recentRecipientsMax;

/** The user's preferences as stored and answered; every field is optional (SPEC §3). */
export interface UserPreferences {
  language?: Language;
  viewMode?: ViewMode;
  tileSize?: TileSize;
  pageSize?: number;
  recentRecipients?: string[];
  /** A supplier's choice to be e-mailed when a delivery of theirs is rejected (issue 23); off unless set. */
  rejectionMail?: boolean;
  /** Rights notices (docs/rights-notices.md) gathered in one mail a day instead of one mail each; off unless set. */
  rightsDigest?: boolean;
}

/** A change to the preferences: a value replaces the stored one, `null` removes it. */
export type UserPreferencesPatch = { [K in keyof UserPreferences]?: UserPreferences[K] | null };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDisclaimerText(value: unknown): value is DisclaimerText {
  return (
    isRecord(value) && DISCLAIMER_TEXT_KEYS.every((k) => typeof value[k] === 'string' && value[k] !== '')
  );
}

/** Problems with a disclaimer's texts: every interface language needs every text. */
export function disclaimerTextProblems(texts: unknown): string[] {
  if (!isRecord(texts)) return ['texts must be an object with one entry per language'];
  return LANGUAGES.filter((lang) => !isDisclaimerText(texts[lang])).map(
    (lang) => `texts.${lang} needs a non-empty ${DISCLAIMER_TEXT_KEYS.join(', ')}`,
  );
}

/**
 * Reads stored texts (JSON) defensively: a language that is missing or malformed falls back to
 * English, then to any complete language, so the dialog always has something to show.
 */
export function disclaimerTextsOf(stored: unknown): DisclaimerTexts {
  const source = isRecord(stored) ? stored : {};
  const complete = LANGUAGES.filter((lang) => isDisclaimerText(source[lang]));
  const fallbackLang = complete.includes(FALLBACK_LANGUAGE) ? FALLBACK_LANGUAGE : complete[0];
  const fallback: DisclaimerText = fallbackLang
    ? pickText(source[fallbackLang] as DisclaimerText)
    : { title: '', body: '', acceptLabel: '', closeLabel: '' };
  const texts = {} as DisclaimerTexts;
  for (const lang of LANGUAGES)
    texts[lang] = complete.includes(lang) ? pickText(source[lang] as DisclaimerText) : { ...fallback };
  return texts;
}

function pickText(t: DisclaimerText): DisclaimerText {
  return { title: t.title, body: t.body, acceptLabel: t.acceptLabel, closeLabel: t.closeLabel };
}

/** Only the known, well-formed fields of stored preferences (older or foreign keys are dropped). */
export function userPreferencesOf(stored: unknown): UserPreferences {
  if (!isRecord(stored)) return {};
  const out: UserPreferences = {};
  if (isLanguage(stored.language)) out.language = stored.language;
  if (isViewMode(stored.viewMode)) out.viewMode = stored.viewMode;
  if (isTileSize(stored.tileSize)) out.tileSize = stored.tileSize;
  const { pageSize } = stored;
  if (typeof pageSize === 'number' && Number.isInteger(pageSize))
    if (pageSize >= PAGE_SIZE_RANGE.min && pageSize <= PAGE_SIZE_RANGE.max) out.pageSize = pageSize;
  if (Array.isArray(stored.recentRecipients))
    out.recentRecipients = stored.recentRecipients
      .filter((r): r is string => typeof r === 'string')
      .slice(0, RECENT_RECIPIENTS_MAX);
  if (typeof stored.rejectionMail === 'boolean') out.rejectionMail = stored.rejectionMail;
  if (typeof stored.rightsDigest === 'boolean') out.rightsDigest = stored.rightsDigest;
  return out;
}
