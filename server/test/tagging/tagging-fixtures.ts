import { BuiltinProviderPrismaService } from '../../src/builtin-provider/builtin-provider-prisma.service';
import { HttpProviderGateway, createProviderHttp } from '../../src/provider/http-provider.gateway';
import { HttpTaggingGateway } from '../../src/provider/tagging.gateway';
import { FOLDER_PASSWORD, folder, insertContents, seedFolders, seedUser } from '../folders/folder-fixtures';
import type { TestApp } from '../support/test-app';

export const CLASSIFICATION = 'ggdyqo';

/**
 * A folder `work` where EDITORS write and READERS only look, `count` contents linked to it, and
 * the workflow's tag definitions (plus one of another classification). The editor is the hub's
 * service account: the workflow's tags and keys are its alone to write.
 */
export async function seedTaggingWorld(t: TestApp, count: number) {
  const folders = await seedFolders(
    t,
    [folder('work', null, 'Work', { EDITORS: { write: true }, READERS: {} })],
    ['EDITORS', 'READERS'],
  );
  await seedUser(t, t.config.PROVIDER_SERVICE_USERNAME, ['EDITORS']);
  await seedUser(t, 'reader.user', ['READERS']);
  const contentIds = await insertContents(t, count);
  const prisma = t.app.get(BuiltinProviderPrismaService);
  await prisma.contentCategory.createMany({
    data: contentIds.map((contentId) => ({ contentId, categoryId: folders.get('work') ?? '' })),
  });
  const tag = (prettyId: string, label: string, classificationId = CLASSIFICATION) =>
    prisma.tagDefinition.create({
      data: { prettyId, classificationId, names: [{ lang: 'EN', label }], searchText: label.toLowerCase() },
      select: { id: true },
    });
  const accepted = await tag('wf-accepted', 'Accepted');
  await tag('wf-refused', 'Refused');
  await tag('other-class', 'Elsewhere', 'zzzzzz');
  const identity = new HttpProviderGateway(createProviderHttp(t.config.providerUrl), {
    CLIENT_ID: t.config.CLIENT_ID,
  });
  const tokens = {
    editor: (await identity.login(t.config.PROVIDER_SERVICE_USERNAME, FOLDER_PASSWORD)).token,
    reader: (await identity.login('reader.user', FOLDER_PASSWORD)).token,
  };
  return { contentIds, tokens, acceptedId: accepted.id, prisma };
}

/** A tagging gateway at the app's provider URL, recording the requests it sends. */
export function taggingGateway(t: TestApp) {
  const http = createProviderHttp(t.config.providerUrl);
  const sent: { url: string; data: unknown }[] = [];
  http.interceptors.request.use((config) => {
    sent.push({ url: config.url ?? '', data: config.data as unknown });
    return config;
  });
  return { gateway: new HttpTaggingGateway(http, { CLIENT_ID: t.config.CLIENT_ID }), sent };
}
