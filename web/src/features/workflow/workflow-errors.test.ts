import { E_CODES, LEGAL_HOLD_ERROR_CODES, type AssetOutcome, type Role } from '@paddock/rules';
import { i18n } from '../../i18n/i18n';
import { outcomeReport } from './workflow-errors';

const sentToJunk = (errorCode: string): AssetOutcome => ({
  contentId: 'a0',
  outcome: 'junk',
  fromFolderId: 'enr',
  toFolderId: 'junk-m',
  errorCode,
});
const report = (roles: Role[], outcome: AssetOutcome) => outcomeReport(i18n.t.bind(i18n), [outcome], roles);

describe('the report of a content the workflow sent to the junk (SPEC §4, §6)', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it.each([
    [E_CODES.MOVE_LINK_FAILED, 'The asset could not be moved.'],
    [E_CODES.MOVE_UNLINK_FAILED, 'The asset could not be taken out of its folder.'],
    [E_CODES.ACCEPT_UNLINK_FAILED, 'Accepted, but the asset could not be taken out of its approval step.'],
  ])('%s: says what failed, that it is in the junk, and links an admin to it', (code, what) => {
    expect(report(['user', 'admin'], sentToJunk(code))).toMatchObject({
      code,
      message: `1 asset of 1 was not done as asked. ${what} The asset was sent to the department junk, where you can restore it.`,
      link: { label: 'Open the department junk', view: 'departmentJunk', folder: 'junk-m' },
    });
  });

  it('tells staff, who may not open the junk, who can restore it, with no link', () => {
    const staff = report(['user'], sentToJunk(E_CODES.MOVE_LINK_FAILED));
    expect(staff?.message).toBe(
      '1 asset of 1 was not done as asked. The asset could not be moved. The asset was sent to the department junk: ask an administrator to restore it.',
    );
    expect(staff).not.toHaveProperty('link');
  });

  it.each(['it', 'fr'])('says it in %s', async (language) => {
    await i18n.changeLanguage(language);
    const message = report(['user'], sentToJunk(E_CODES.MOVE_LINK_FAILED))?.message ?? '';
    expect(message).toContain(language === 'it' ? 'cestino di reparto' : 'corbeille du service');
    expect(report(['admin'], sentToJunk(E_CODES.MOVE_LINK_FAILED))?.link?.label).toBe(
      language === 'it' ? 'Apri il cestino di reparto' : 'Ouvrir la corbeille du service',
    );
  });

  it('a failure that left the content where it was names no junk', () => {
    const failed = report(['admin'], { ...sentToJunk(E_CODES.JUNK_MOVE_RETRY_FAILED), outcome: 'failed' });
    expect(failed?.message).not.toContain('junk, where');
    expect(failed).not.toHaveProperty('link');
  });
});

describe('a permanent delete a legal hold kept', () => {
  it.each([
    ['en', 'A legal hold keeps this'],
    ['it', 'È sotto blocco legale'],
    ['fr', 'Sous conservation légale'],
  ])('says why in %s, with the code', async (language, says) => {
    await i18n.changeLanguage(language);
    const failed: AssetOutcome = {
      contentId: 'a0',
      outcome: 'failed',
      fromFolderId: 'junk-m',
      toFolderId: null,
      errorCode: LEGAL_HOLD_ERROR_CODES.HELD,
    };
    const shown = report(['user', 'admin'], failed);
    expect(shown).toMatchObject({ code: LEGAL_HOLD_ERROR_CODES.HELD });
    expect(shown?.message).toContain(says);
  });
});
