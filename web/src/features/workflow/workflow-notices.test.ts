import type { AssetOutcome } from '@paddock/rules';
import { i18n } from '../../i18n/i18n';
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
    expect(workflowNotice(i18n.t.bind(i18n), 'delete', [deleted], [], true)).toEqual({
      message: '1 asset deleted, moved to Department junk',
      undo: { action: 'restore', body: { contentIds: ['a0'], folderId: 'junk-m', toFolderId: 'arch' } },
    });
  });

  it('says another folder for a move to a folder the tree does not show', () => {
    expect(workflowNotice(i18n.t.bind(i18n), 'move', [deleted], [], false)).toEqual({
      message: '1 asset moved to another folder',
    });
  });
});
