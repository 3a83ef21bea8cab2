import { RIGHTS_ENDING_DAYS } from './limits';
import {
  mayManageDepartmentWebhooks,
  receivedAsset,
  rightsEventsOf,
  webhookUrlProblem,
} from './rights-notices';

const now = new Date('2026-11-30T10:00:00Z');
const md = (entries: Record<string, string>) =>
  Object.entries(entries).map(([key, value]) => ({ key, value }));

describe('rightsEventsOf: which events fall in which window', () => {
  it('an embargo whose date is after today has started, its window the date', () => {
    expect(rightsEventsOf(md({ embargodate: '2026-12-01' }), now)).toEqual([
      { event: 'embargo-started', window: '2026-12-01' },
    ]);
  });

  it('an embargo of today or earlier is over: no event', () => {
    expect(rightsEventsOf(md({ embargodate: '2026-11-30' }), now)).toEqual([]);
    expect(rightsEventsOf(md({ embargodate: '01/01/2020' }), now)).toEqual([]);
  });

  it('a to-date before today: the copyright ended, its window the earliest such date', () => {
    expect(
      rightsEventsOf(md({ 'people-todate': '2026-11-29', 'landscape-todate-2': '15-01-2026' }), now),
    ).toEqual([{ event: 'copyright-ended', window: '2026-01-15' }]);
  });

  it('a to-date of today still holds: it ends soon, not yet', () => {
    expect(rightsEventsOf(md({ todate: '2026-11-30' }), now)).toEqual([
      { event: 'copyright-ending', window: '2026-11-30' },
    ]);
  });

  it(`ends soon up to RIGHTS_ENDING_DAYS (${RIGHTS_ENDING_DAYS}) days on, both included, and not a day later`, () => {
    expect(rightsEventsOf(md({ 'people-todate': '2026-12-30' }), now)).toEqual([
      { event: 'copyright-ending', window: '2026-12-30' },
    ]);
    expect(rightsEventsOf(md({ 'people-todate': '2026-12-31' }), now)).toEqual([]);
    expect(rightsEventsOf(md({ 'people-todate': '2026-12-31' }), now, 31)).toEqual([
      { event: 'copyright-ending', window: '2026-12-31' },
    ]);
  });

  it('an ended copyright takes over one ending soon; an embargo is told beside it', () => {
    expect(
      rightsEventsOf(
        md({
          EmbargoDate: '2027-03-01',
          'people-todate': '2026-12-10',
          'landscape-todate': '2026-10-01',
        }),
        now,
      ),
    ).toEqual([
      { event: 'embargo-started', window: '2027-03-01' },
      { event: 'copyright-ended', window: '2026-10-01' },
    ]);
  });

  it('the window of an ended copyright does not move when a later to-date passes too', () => {
    const metadata = md({ 'people-todate': '2026-11-01', 'people-todate-2': '2026-11-20' });
    expect(rightsEventsOf(metadata, now)).toEqual(rightsEventsOf(metadata, new Date('2026-11-25T00:00:00Z')));
  });

  it('ignores copyrightdate (when rights began), other keys and values that are no date', () => {
    expect(
      rightsEventsOf(
        md({ copyrightdate: '2001-01-01', 'people-todate': 'perpetual', location: '2026-01-01' }),
        now,
      ),
    ).toEqual([]);
  });
});

describe('receivedAsset: who among external recipients was sent the asset', () => {
  it('an open page or a ZIP shows every asset; a download only its own', () => {
    expect(receivedAsset([{ event: 'open', contentId: null }], 'a')).toBe(true);
    expect(receivedAsset([{ event: 'zip', contentId: null }], 'a')).toBe(true);
    expect(receivedAsset([{ event: 'download', contentId: 'a' }], 'a')).toBe(true);
    expect(receivedAsset([{ event: 'download', contentId: 'b' }], 'a')).toBe(false);
    expect(receivedAsset([], 'a')).toBe(false);
  });
});

describe('webhookUrlProblem', () => {
  const portal = 'https://paddock.example.com';
  it.each([
    ['https://cms.example.com/hooks/paddock', null],
    ['http://10.0.0.5:8080/unpublish', null],
    ['ftp://cms.example.com/x', 'protocol'],
    ['javascript:alert(1)', 'protocol'],
    ['https://u:p@cms.example.com/', 'credentials'],
    ['https://PADDOCK.example.com/api/jobs', 'portal'],
    ['https://paddock.example.com:443/', 'portal'],
    ['cms.example.com/hook', 'invalid'],
  ])('%s → %s', (url, problem) => {
    expect(webhookUrlProblem(url, portal)).toBe(problem);
  });

  it('another port of the same host is another site', () => {
    expect(webhookUrlProblem('http://127.0.0.1:9000/hook', 'http://127.0.0.1:4420')).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:4420/hook', 'http://127.0.0.1:4420')).toBe('portal');
  });
});

describe('mayManageDepartmentWebhooks', () => {
  const admin = (department: string | null) => ({ roles: ['admin'], department });
  it("an organisation's administrator manages all; a department's its own only; staff none", () => {
    expect(mayManageDepartmentWebhooks(admin(null), null)).toBe(true);
    expect(mayManageDepartmentWebhooks(admin(null), 'marketing')).toBe(true);
    expect(mayManageDepartmentWebhooks(admin('MARKETING'), 'marketing')).toBe(true);
    expect(mayManageDepartmentWebhooks(admin('marketing'), 'sales')).toBe(false);
    expect(mayManageDepartmentWebhooks(admin('marketing'), null)).toBe(false);
    expect(mayManageDepartmentWebhooks({ roles: ['staff'], department: null }, 'marketing')).toBe(false);
  });
});
