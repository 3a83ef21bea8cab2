import {
  FALLBACK_LANGUAGE,
  nameIn,
  SHARE_LANGUAGES,
  SHARE_TEXTS,
  shareDate,
  shareText,
  type ShareLanguage,
} from '@paddock/rules';
import type { ContentDetailWire } from '../contents/contents.dto';
import type { OpenShare } from './share-access.service';

/** HTML text and attribute escaping (every value the page shows came from a user). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page's policy: nothing but its own origin's images and media, one nonce'd style block, no
 * script at all, no framing, forms only to itself.
 */
export function sharePageCsp(nonce: string): string {
  return [
    "default-src 'none'",
    "img-src 'self'",
    "media-src 'self'",
    `style-src 'nonce-${nonce}'`,
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
.name{font-weight:600;word-break:break-word;margin:8px 0}
.button{display:inline-block;background:#c00;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none;border:0;font-size:1rem}
.disclaimer{font-size:.9rem;color:#444;white-space:pre-wrap;border-top:1px solid #ccc;padding-top:12px}
form{background:#fff;padding:24px;border-radius:8px;max-width:420px}
input{width:100%;padding:8px;margin:8px 0 16px;font-size:1rem;box-sizing:border-box}
.error{color:#b00020}
`;

function layout(language: ShareLanguage, nonce: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/** A share that cannot be opened: one page whatever the reason, so nobody learns which. */
export function unavailablePage(language: ShareLanguage | null, nonce: string, throttled = false): string {
  const lang = language ?? FALLBACK_LANGUAGE;
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

function previewOf(base: string, content: ContentDetailWire, language: ShareLanguage): string {
  const has = (kind: string) => content.derivatives.some((d) => d.kind === kind);
  const src = (r: string) => `${base}/assets/${content.id}/${r}`;
  const alt = escapeHtml(nameOf(content, language));
  if (content.contentType === 'VIDEO' && has('proxy'))
    return `<video controls preload="metadata" ${has('poster') ? `poster="${src('poster')}"` : ''} src="${src('media')}"></video>`;
  const picture = has('preview') ? 'preview' : has('poster') ? 'poster' : has('thumb') ? 'thumb' : null;
  const image = picture ? `<img src="${src(picture)}" alt="${alt}" loading="lazy">` : '';
  if (content.contentType === 'AUDIO' && has('proxy'))
    return `${image}<audio controls preload="none" src="${src('media')}"></audio>`;
  return image;
}

/** The shared contents, with previews, the message, the disclaimer and, when allowed, downloads. */
export function sharePage(
  open: OpenShare,
  contents: ContentDetailWire[],
  nonce: string,
  base: string,
): string {
  const l = open.language;
  const { share } = open;
  const cards = contents
    .map(
      (c) => `<li class="card" data-content-id="${c.id}">${previewOf(base, c, l)}
<p class="name">${escapeHtml(nameOf(c, l))}</p>
${share.contentDownload ? `<a class="button" href="${base}/assets/${c.id}/original" download>${escapeHtml(shareText(l, 'download'))}</a>` : ''}</li>`,
    )
    .join('\n');
  return layout(
    l,
    nonce,
    share.name,
    `<h1>${escapeHtml(share.name)}</h1>
<p class="meta">${escapeHtml(open.ownerName)} · ${escapeHtml(shareText(l, 'expiresAt', { date: shareDate(share.expiresAt) }))}</p>
${share.message ? `<p class="message">${escapeHtml(share.message)}</p>` : ''}
${share.contentDownload && contents.length ? `<p><a class="button" href="${base}/zip" download>${escapeHtml(shareText(l, 'downloadAll'))}</a></p>` : ''}
<ul class="grid">${cards}</ul>
${share.disclaimer ? `<section class="disclaimer"><h2>${escapeHtml(shareText(l, 'disclaimer'))}</h2><p>${escapeHtml(share.disclaimer)}</p></section>` : ''}`,
  );
}
