import type { SearchGateway } from '../provider/search.gateway';
import type { ServiceSession } from '../provider/service-session';

/** Contents read per provider search (the gateway pages by 50 underneath). */
const PAGE = 500;

/** Every content directly in a folder, as the service account sees it, oldest first. */
export async function contentIdsIn(
  session: ServiceSession,
  search: SearchGateway,
  folderId: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const contents = await session.withToken((t) =>
      search.findContents(
        t,
        { folderIds: [folderId] },
        { sort: 'creationDate', descending: false, offset: ids.length, limit: PAGE, locale: 'IT' },
      ),
    );
    ids.push(...contents.map((c) => c.id));
    if (contents.length < PAGE) return ids;
  }
}
