import type { AssetOutcome } from '@paddock/rules';
import { i18n } from '../../i18n/i18n';
import { noticeText } from '../ui/notices-host';
import { workflowNotice } from './workflow-notices';

const deleted: AssetOutcome = {
  contentId: 'a0',
  outcome: 'done',
  fromFolderId: 'arch',
  toFolderId: 'junk-m',
  errorCode: null,
};

describe('the notice after a delete (SPEC §4)', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  // Staff do not see the junk in their tree (SPEC §6): the notice still says where the asset went.
  it('names the department junk when the tree does not show it, and offers the Undo', () => {
    const notice = workflowNotice('delete', [deleted], [], true);
    expect(noticeText(i18n.t.bind(i18n), notice!.message)).toBe('1 asset deleted, moved to Department junk');
    expect(notice?.undo).toEqual({
      action: 'restore',
      body: { contentIds: ['a0'], folderId: 'junk-m', toFolderId: 'arch' },
    });
  });

  it('says another folder for a move to a folder the tree does not show', () => {
    const notice = workflowNotice('move', [deleted], [], false);
    expect(noticeText(i18n.t.bind(i18n), notice!.message)).toBe('1 asset moved to another folder');
    expect(notice?.undo).toBeUndefined();
  });
});
