import type { ContentRow } from './content.repository';
import type { ContentDetailWire } from './contents.dto';

/**
 * The built-in provider's channels: WEB once a preview exists, WEBHD once the video proxy does
 * (its one web rendition, as archive/prepare names it).
 */
function channelsOf(kinds: string[]): string[] {
  return [...(kinds.includes('preview') ? ['WEB'] : []), ...(kinds.includes('proxy') ? ['WEBHD'] : [])];
}

/** A content as THRON's detail answers it, with the rights the caller has on it. */
export function toContentDetailWire(
  row: ContentRow,
  userRights: ContentDetailWire['userRights'],
): ContentDetailWire {
  const current = row.sources.find((s) => s.version === row.version) ?? null;
  return {
    id: row.id,
    contentType: row.contentType,
    state: row.state,
    version: row.version,
    creationDate: row.createdAt.toISOString(),
    lastUpdate: row.updatedAt.toISOString(),
    owner: row.ownerFullName || row.ownerUsername,
    userId: row.ownerUsername,
    ownerType: row.ownerType,
    availableChannels: channelsOf(
      row.derivatives.filter((d) => d.version === row.version).map((d) => d.kind),
    ),
    sourceExtension: row.sourceExtension,
    locales: row.locales.map((l) => ({ locale: l.locale, name: l.name, description: l.description })),
    linkedCategoryIds: row.categories.map((c) => c.categoryId),
    linkedCategories: row.categories.map((c) => ({
      id: c.category.id,
      prettyId: c.category.prettyId,
      names: namesOf(c.category.locales),
      metadatas: [{ name: 'isSupplier', value: String(c.category.isSupplier) }],
    })),
    source: current && {
      version: current.version,
      fileName: current.fileName,
      extension: row.sourceExtension,
      mimetype: current.mimeType,
      size: Number(current.size),
      sha256: current.sha256,
      crc32: current.crc32 === null ? null : Number(current.crc32),
      width: current.width,
      height: current.height,
      durationMs: current.durationMs,
    },
    derivatives: row.derivatives
      .filter((d) => d.version === row.version)
      .map((d) => ({
        kind: d.kind,
        mimeType: d.mimeType,
        width: d.width,
        height: d.height,
        size: Number(d.size),
      })),
    imetadata: row.metadata.map((m) => ({
      classificationId: m.classificationId,
      key: m.key,
      value: m.value,
      lang: m.lang,
    })),
    itags: row.tags.map((t) => ({
      id: t.tag.id,
      classificationId: t.classificationId,
      prettyId: t.tag.prettyId,
      names: labelsOf(t.tag.names),
    })),
    userRights,
  };
}

function namesOf(locales: unknown): { locale: string; name: string }[] {
  if (!Array.isArray(locales)) return [];
  return locales.flatMap((l: unknown) => {
    const { locale, name } = (l ?? {}) as { locale?: unknown; name?: unknown };
    return typeof locale === 'string' && typeof name === 'string' ? [{ locale, name }] : [];
  });
}

function labelsOf(names: unknown): { lang: string; label: string }[] {
  if (!Array.isArray(names)) return [];
  return names.flatMap((n: unknown) => {
    const { lang, label } = (n ?? {}) as { lang?: unknown; label?: unknown };
    return typeof lang === 'string' && typeof label === 'string' ? [{ lang, label }] : [];
  });
}
