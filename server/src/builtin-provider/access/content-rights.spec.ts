import type { ContentAccess } from './access.repository';
import { contentRights, tagRights } from './content-rights';

/** A content owned by 'owner', with the caller's folder rights given (all false by default). */
function access({
  folders,
  ...overrides
}: Partial<Omit<ContentAccess, 'folders'>> & { folders?: Partial<ContentAccess['folders']> }): ContentAccess {
  return {
    id: 'c1',
    ownerUsername: 'owner',
    trashed: false,
    ...overrides,
    folders: { show: false, share: false, write: false, ...folders },
  };
}

describe('contentRights (THRON READ / MODIFY on a content)', () => {
  it('lets the owner read and modify without any folder, and modify from the trash', () => {
    expect(contentRights(access({}), 'owner')).toEqual({ read: true, modify: true, share: false });
    expect(contentRights(access({ trashed: true }), 'owner')).toEqual({
      read: false,
      modify: true,
      share: false,
    });
  });

  it('lets anyone else read through a folder they see, and modify or share with write or share on it', () => {
    expect(contentRights(access({}), 'other')).toEqual({ read: false, modify: false, share: false });
    expect(contentRights(access({ folders: { show: true } }), 'other')).toEqual({
      read: true,
      modify: false,
      share: false,
    });
    expect(contentRights(access({ folders: { show: true, write: true, share: true } }), 'other')).toEqual({
      read: true,
      modify: true,
      share: true,
    });
    expect(contentRights(access({ trashed: true, folders: { show: true, write: true } }), 'other')).toEqual({
      read: false,
      modify: false,
      share: false,
    });
  });
});

describe('tagRights (itag and imetadata)', () => {
  it('goes by the folders only: the owner gets no more than their groups', () => {
    expect(tagRights(access({}))).toEqual({ read: false, modify: false });
    expect(tagRights(access({ folders: { show: true } }))).toEqual({ read: true, modify: false });
    expect(tagRights(access({ folders: { show: true, write: true } }))).toEqual({ read: true, modify: true });
    expect(tagRights(access({ trashed: true, folders: { show: true, write: true } }))).toEqual({
      read: false,
      modify: false,
    });
  });
});
