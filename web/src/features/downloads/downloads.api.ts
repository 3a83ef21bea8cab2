import type { Language } from '@paddock/rules';
import { request } from '../../api/http';
import type { ImageResolution, VideoResolution } from './resolutions';

export interface DownloadRequest {
  contentIds: readonly string[];
  images: readonly ImageResolution[];
  videos: readonly VideoResolution[];
  /** The folder the assets are looked at in: SPEC §6 decides the download there. */
  folderId?: string;
  /** The interface language: the ZIP's entries are named in its asset locale. */
  lang: Language;
}

/** Asks the hub to prepare the ZIP; the answer names it for the download link. */
export function createDownload(body: DownloadRequest): Promise<{ downloadId: string }> {
  return request<{ downloadId: string }>('/api/downloads', { method: 'POST', body });
}

/** The ZIP's address: a plain GET the browser streams to disk by itself (cookie-authenticated). */
export function downloadPath(downloadId: string): string {
  return `/api/downloads/${encodeURIComponent(downloadId)}`;
}

/** Starts the browser's own download of `href`, as a click on a link would. */
export function startBrowserDownload(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
