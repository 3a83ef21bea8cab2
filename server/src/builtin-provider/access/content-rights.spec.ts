import {
  ENRICHMENT_CLASSIFICATIONS,
  RESERVED_METADATA_KEYS,
  RESERVED_TAGS,
  WORKFLOW_TAGS,
} from '@paddock/rules';
import { providerCaller } from '../../../test/support/provider-caller';
import type { ContentAccess } from './access.repository';
import { contentRights, mayDefineTag, mayReadUserDetail, mayRemove, mayWriteTagging } from './content-rights';

/** A content with the caller's folder rights given (all false by default). */
function access({
  folders,
  ...overrides
}: Partial<Omit<ContentAccess, 'folders'>> & { folders?: Partial<ContentAccess['folders']> }): ContentAccess {
  return {
    id: 'c1',
    trashed: false,
    allFoldersShown: true,
    ...overrides,
    folders: { show: false, share: false, write: false, ...folders },
  };
}

const USER = providerCaller('mario', ['g']);
const SERVICE = providerCaller('paddock.workflow', ['w'], { serviceAccount: true });
const ADMIN = providerCaller('admin', ['a'], { roles: ['user', 'admin'] });

describe('contentRights (THRON READ / MODIFY on a content)', () => {
  it('goes by the folders only: read through one that shows, modify or share with write or share on one', () => {
    expect(contentRights(access({}))).toEqual({ read: false, modify: false, share: false });
    expect(contentRights(access({ folders: { show: true } }))).toEqual({
      read: true,
      modify: false,
      share: false,
    });
    expect(contentRights(access({ folders: { show: true, write: true, share: true } }))).toEqual({
      read: true,
      modify: true,
      share: true,
    });
  });

  it('modifies nothing also placed in a folder the caller does not see (a delivery gone on into approval)', () => {
    expect(
      contentRights(access({ allFoldersShown: false, folders: { show: true, write: true, share: true } })),
    ).toEqual({ read: true, modify: false, share: true });
  });

  it('gives nothing on a trashed content, which is in no folder', () => {
    expect(contentRights(access({ trashed: true, folders: { show: true, write: true } }))).toEqual({
      read: false,
      modify: false,
      share: false,
    });
  });
});

describe('mayDefineTag (itagdefinition/insert)', () => {
  const FREE = ENRICHMENT_CLASSIFICATIONS.tags;
  const OBSERVER = providerCaller('olga', ['o'], { roles: ['user', 'observer'] });

  it('lets whoever may tag somewhere define free tags, in the free-tag classification only', () => {
    expect(mayDefineTag(USER, FREE)).toBe(true);
    expect(mayDefineTag(USER, ENRICHMENT_CLASSIFICATIONS.products)).toBe(false);
    expect(mayDefineTag(USER, WORKFLOW_TAGS.classification)).toBe(false);
    expect(mayDefineTag(OBSERVER, FREE)).toBe(false);
    expect(mayDefineTag(SERVICE, ENRICHMENT_CLASSIFICATIONS.products, 'prd-new')).toBe(true);
  });

  it('refuses a reserved workflow prettyId to everyone, whatever its case', () => {
    for (const caller of [USER, SERVICE])
      for (const prettyId of RESERVED_TAGS) {
        expect(mayDefineTag(caller, FREE, prettyId.toUpperCase())).toBe(false);
        expect(mayDefineTag(caller, WORKFLOW_TAGS.classification, prettyId)).toBe(false);
      }
  });
});

describe('mayRemove (permanent delete)', () => {
  it('needs MODIFY on a content in folders, and the service account once it is trashed', () => {
    expect(mayRemove(access({ folders: { show: true, write: true } }), USER)).toBe(true);
    expect(mayRemove(access({ folders: { show: true } }), USER)).toBe(false);
    expect(mayRemove(access({ trashed: true }), USER)).toBe(false);
    expect(mayRemove(access({ trashed: true }), SERVICE)).toBe(true);
  });
});

describe('mayWriteTagging (the workflow record)', () => {
  it('lets only the service account write a reserved tag or metadata key, in any case', () => {
    for (const tag of RESERVED_TAGS) {
      expect(mayWriteTagging(USER, { tagPrettyId: tag })).toBe(false);
      expect(mayWriteTagging(USER, { tagPrettyId: tag.toUpperCase() })).toBe(false);
      expect(mayWriteTagging(SERVICE, { tagPrettyId: tag })).toBe(true);
    }
    for (const key of RESERVED_METADATA_KEYS) {
      expect(mayWriteTagging(USER, { metadataKeys: ['colour', key.toUpperCase()] })).toBe(false);
      expect(mayWriteTagging(ADMIN, { metadataKeys: [key] })).toBe(false);
      expect(mayWriteTagging(SERVICE, { metadataKeys: [key] })).toBe(true);
    }
  });

  it('leaves free tags and keys to folder rights', () => {
    expect(mayWriteTagging(USER, { tagPrettyId: 'summer' })).toBe(true);
    expect(mayWriteTagging(USER, { tagPrettyId: null, metadataKeys: ['colour'] })).toBe(true);
  });
});

describe('mayReadUserDetail (the directory)', () => {
  it("answers a user's own detail, and another's only to the service account and admins", () => {
    expect(mayReadUserDetail(USER, 'mario')).toBe(true);
    expect(mayReadUserDetail(USER, 'luca')).toBe(false);
    expect(mayReadUserDetail(USER, 'MARIO')).toBe(false);
    expect(mayReadUserDetail(SERVICE, 'luca')).toBe(true);
    expect(mayReadUserDetail(ADMIN, 'luca')).toBe(true);
  });
});
