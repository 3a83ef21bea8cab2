import {
  FALLBACK_LANGUAGE,
  formatBytes,
  formatDimensions,
  INTL_LOCALES,
  nameIn,
  SHARE_LANGUAGES,
  SHARE_TEXTS,
  shareDate,
  shareText,
  type ShareLanguage,
} from '@paddock/rules';
import type { ContentDetailWire } from '../contents/contents.dto';
import type { BlurredOnPage, EndedShare, OpenShare } from './share-access.service';

/** HTML text and attribute escaping (every value the page shows came from a user). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page's policy: nothing but its own origin's images and media, one nonce'd style block, one
 * nonce'd script (LOCAL_TIMES), no framing, forms only to itself.
 */
export function sharePageCsp(nonce: string): string {
  return [
    "default-src 'none'",
    "img-src 'self'",
    "media-src 'self'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f5f5f7;color:#1d1d1f}
main{max-width:1100px;margin:0 auto;padding:24px}
h1{font-size:1.5rem;margin:0 0 8px}
.meta{color:#555;margin:0 0 16px}
.message{white-space:pre-wrap;background:#fff;padding:12px 16px;border-radius:8px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:16px;margin:16px 0;padding:0;list-style:none}
.card{background:#fff;border-radius:8px;padding:12px}
.card img,.card video{width:100%;max-height:300px;object-fit:contain;background:#eee}
.card audio{width:100%}
.withdrawn{background:#f4f4f4;border:1px dashed #999}
.withdrawn-note{color:#8a1f11;font-weight:600}
.preparing{background:#eee;padding:48px 12px;text-align:center;color:#444}
.name{font-weight:600;word-break:break-word;margin:8px 0}
.button{display:inline-block;background:#c00;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none;border:0;font-size:1rem}
.disclaimer{font-size:.9rem;color:#444;white-space:pre-wrap;border-top:1px solid #ccc;padding-top:12px}
form{background:#fff;padding:24px;border-radius:8px;max-width:420px}
input{width:100%;padding:8px;margin:8px 0 16px;font-size:1rem;box-sizing:border-box}
.error{color:#b00020}
.facts{color:#555;font-size:.9rem;margin:0 0 8px}
.zoom{display:block;cursor:zoom-in}
.lightbox{display:none}
.lightbox:target{display:flex;position:fixed;inset:0;z-index:10;background:rgba(0,0,0,.92);flex-direction:column;align-items:center;justify-content:center;padding:16px;box-sizing:border-box}
.lightbox img{max-width:100%;max-height:calc(100vh - 120px);object-fit:contain}
.lightbox p{color:#fff;margin:8px 0}
.lightbox .close{position:absolute;top:12px;right:16px;color:#fff;font-size:1.1rem}
.ended{background:#fff;padding:24px;border-radius:8px;max-width:560px}
`;

/**
 * Turns each <time> into the reader's own time zone, in the share's language; without scripts
 * the server's UTC text stays. The only script the page runs (CSP nonce).
 */
const LOCAL_TIMES = `for(const t of document.querySelectorAll('time[datetime]')){const d=new Date(t.dateTime);if(!isNaN(d))t.textContent=new Intl.DateTimeFormat(document.documentElement.dataset.locale,{day:'2-digit',month:'2-digit',year:'numeric',hour:'2-digit',minute:'2-digit',hourCycle:'h23',timeZoneName:'short'}).format(d)}`;

/** A date the reader sees in their own time zone (UTC as sent, before the script runs). */
function timeOf(at: Date): string {
  return `<time datetime="${at.toISOString()}">${escapeHtml(shareDate(at))}</time>`;
}

/** A share text with placeholders filled by HTML (each value escaped or built here). */
function htmlText(
  language: ShareLanguage,
  key: Parameters<typeof shareText>[1],
  values: Record<string, string>,
): string {
  // The text is escaped around its placeholders, which are filled after.
  return escapeHtml(SHARE_TEXTS[language][key]).replace(
    /\{(\w+)\}/g,
    (whole, name: string) => values[name] ?? whole,
  );
}

function layout(language: ShareLanguage, nonce: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}" data-locale="${INTL_LOCALES[language]}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style></head>
<body><main>${body}</main><script nonce="${nonce}">${LOCAL_TIMES}</script></body></html>`;
}

/**
 * A share that cannot be opened: one page whatever the reason, so nobody learns which — except
 * the holder of a real link that was revoked or has expired, who is told so and whom to ask.
 */
export function unavailablePage(
  language: ShareLanguage | null,
  nonce: string,
  throttled = false,
  ended?: EndedShare,
): string {
  const lang = language ?? FALLBACK_LANGUAGE;
  if (ended && !throttled) {
    const { name, email } = ended.sender;
    const reason =
      ended.reason === 'revoked'
        ? escapeHtml(shareText(lang, 'revoked'))
        : htmlText(lang, 'expired', { date: timeOf(ended.expiresAt) });
    const contact = email
      ? `<p>${htmlText(lang, 'askSender', { name: escapeHtml(name) })} <a href="mailto:${escapeHtml(encodeURIComponent(email).replace(/%40/g, '@'))}">${escapeHtml(email)}</a></p>`
      : `<p>${htmlText(lang, 'askSender', { name: escapeHtml(name) })}</p>`;
    return layout(
      lang,
      nonce,
      SHARE_TEXTS[lang].pageTitle,
      `<section class="ended" role="alert"><h1>${escapeHtml(SHARE_TEXTS[lang].pageTitle)}</h1><p class="error">${reason}</p>${contact}</section>`,
    );
  }
  const key = throttled ? 'tooManyAttempts' : 'unavailable';
  const texts = language ? [shareText(lang, key)] : SHARE_LANGUAGES.map((l) => SHARE_TEXTS[l][key]);
  return layout(
    lang,
    nonce,
    SHARE_TEXTS[lang].pageTitle,
    texts.map((t) => `<p class="error">${escapeHtml(t)}</p>`).join(''),
  );
}

export function passwordPage(open: OpenShare, nonce: string, action: string, wrong: boolean): string {
  const l = open.language;
  return layout(
    l,
    nonce,
    open.share.name,
    `<h1>${escapeHtml(open.share.name)}</h1>
<form method="post" action="${escapeHtml(action)}">
<p>${escapeHtml(shareText(l, 'passwordPrompt'))}</p>
${wrong ? `<p class="error" role="alert">${escapeHtml(shareText(l, 'wrongPassword'))}</p>` : ''}
<label for="password">${escapeHtml(shareText(l, 'passwordLabel'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus>
<button class="button" type="submit">${escapeHtml(shareText(l, 'open'))}</button>
</form>`,
  );
}

/** The asset's name in the share's language (names.ts), else its file name. */
function nameOf(content: ContentDetailWire, language: ShareLanguage): string {
  return nameIn(content.locales, language) || content.source?.fileName || content.id;
}

const hasRendition = (content: ContentDetailWire, kind: string) =>
  content.derivatives.some((d) => d.kind === kind);

/** The largest picture a recipient may see of a content (the preview, else the poster or thumbnail). */
function pictureOf(content: ContentDetailWire): string | null {
  return ['preview', 'poster', 'thumb'].find((kind) => hasRendition(content, kind)) ?? null;
}

function previewOf(
  base: string,
  content: ContentDetailWire,
  language: ShareLanguage,
  index: number,
  preparing: boolean,
): string {
  // Its plates are being blurred: no picture at all until they are (docs/plates.md).
  if (preparing)
    return `<p class="preparing" role="status">${escapeHtml(shareText(language, 'preparing'))}</p>`;
  const has = (kind: string) => hasRendition(content, kind);
  const src = (r: string) => `${base}/assets/${content.id}/${r}`;
  const name = nameOf(content, language);
  const alt = escapeHtml(name);
  if (content.contentType === 'VIDEO' && has('proxy'))
    return `<video controls preload="metadata" ${has('poster') ? `poster="${src('poster')}"` : ''} src="${src('media')}"></video>`;
  const picture = pictureOf(content);
  const image = picture ? `<img src="${src(picture)}" alt="${alt}" loading="lazy">` : '';
  if (content.contentType === 'AUDIO' && has('proxy'))
    return `${image}<audio controls preload="none" src="${src('media')}"></audio>`;
  // A picture opens full size in a lightbox made of an anchor (CSS :target, no script).
  return image
    ? `<a class="zoom" href="#view-${index}" aria-label="${escapeHtml(shareText(language, 'view', { name }))}">${image}</a>`
    : '';
}

/** The full-size view of a picture, shown while its anchor is the page's target. */
function lightboxOf(
  base: string,
  content: ContentDetailWire,
  language: ShareLanguage,
  index: number,
  preparing: boolean,
): string {
  const picture = pictureOf(content);
  if (preparing || !picture || content.contentType === 'VIDEO' || content.contentType === 'AUDIO') return '';
  const name = escapeHtml(nameOf(content, language));
  return `<div class="lightbox" id="view-${index}" role="dialog" aria-label="${name}">
<a class="close" href="#content-${index}">${escapeHtml(shareText(language, 'close'))}</a>
<img src="${base}/assets/${content.id}/${picture}" alt="${name}">
<p>${name}</p></div>`;
}

/**
 * What the file a download gives is: its format, pixel size and weight ("JPG · 6000 × 4000 · 5,2 MB").
 * An image with plate boxes is downloaded blurred, re-encoded at the same size: its blurred original's
 * format and weight, the weight left out until that file is rendered.
 */
function factsOf(content: ContentDetailWire, language: ShareLanguage, blurred?: BlurredOnPage): string {
  const source = content.source;
  const extension = blurred?.original?.extension || source?.extension || content.sourceExtension || '';
  const size = blurred ? blurred.original?.size : source?.size;
  const facts = [
    extension.toUpperCase(),
    source?.width && source.height ? formatDimensions(source.width, source.height) : '',
    size ? formatBytes(size, language) : '',
  ].filter(Boolean);
  return facts.length ? `<p class="facts">${escapeHtml(facts.join(' · '))}</p>` : '';
}

/**
 * The shared contents, with previews, the message, the disclaimer and, when allowed, downloads;
 * those `withdrawn` because of their rights named as such, with no picture and no download.
 */
export function sharePage(
  open: OpenShare,
  contents: ContentDetailWire[],
  nonce: string,
  base: string,
  withdrawn: ContentDetailWire[] = [],
  /** The contents with plate boxes (ShareAccessService.blurredOnPage). */
  blurred: ReadonlyMap<string, BlurredOnPage> = new Map(),
): string {
  const preparing = (c: ContentDetailWire) => blurred.get(c.id)?.preparing ?? false;
  const l = open.language;
  const { share } = open;
  const cards = contents
    .map(
      (
        c,
        i,
      ) => `<li class="card" id="content-${i}" data-content-id="${c.id}">${previewOf(base, c, l, i, preparing(c))}
<p class="name">${escapeHtml(nameOf(c, l))}</p>
${factsOf(c, l, blurred.get(c.id))}
${share.contentDownload ? `<a class="button" href="${base}/assets/${c.id}/original" download>${escapeHtml(shareText(l, 'download'))}</a>` : ''}</li>`,
    )
    .join('\n');
  const withdrawnCards = withdrawn
    .map(
      (c) => `<li class="card withdrawn" data-withdrawn-id="${c.id}">
<p class="name">${escapeHtml(nameOf(c, l))}</p>
<p class="withdrawn-note" role="status">${escapeHtml(shareText(l, 'withdrawn'))}</p></li>`,
    )
    .join('\n');
  const lightboxes = contents.map((c, i) => lightboxOf(base, c, l, i, preparing(c))).join('\n');
  return layout(
    l,
    nonce,
    share.name,
    `<h1>${escapeHtml(share.name)}</h1>
<p class="meta">${escapeHtml(open.ownerName)} · ${htmlText(l, 'expiresAt', { date: timeOf(share.expiresAt) })}</p>
${share.message ? `<p class="message">${escapeHtml(share.message)}</p>` : ''}
${share.contentDownload && contents.length ? `<p><a class="button" href="${base}/zip" download>${escapeHtml(shareText(l, 'downloadAll'))}</a></p>` : ''}
<ul class="grid">${cards}${withdrawnCards ? `\n${withdrawnCards}` : ''}</ul>
${lightboxes}
${share.disclaimer ? `<section class="disclaimer"><h2>${escapeHtml(shareText(l, 'disclaimer'))}</h2><p>${escapeHtml(share.disclaimer)}</p></section>` : ''}`,
  );
}
