import { placeOfFolder, type PathFolder } from './permissions';

const f = (prettyId: string, isSupplier = false): PathFolder => ({ prettyId, isSupplier });
const top = f('dept-marketing');

describe('placeOfFolder over the demo folder codes (SPEC §3)', () => {
  it.each([
    [[top, f('appr02-marketing'), f('appstp1-marketing')], 'approver', null, 1],
    [[top, f('appr02-marketing'), f('appstp2-marketing')], 'approver', null, 2],
    [[top, f('appr02-marketing')], 'approver', null, null],
    [[top, f('aprv01-marketing')], 'approver', null, null],
    [[top, f('appr02-marketing'), f('rftt00-marketing')], 'rejected', null, null],
    [[top, f('arrc03-marketing')], 'enrichment', null, null],
    [[top, f('arrc03-marketing'), f('some-sub')], 'enrichment', null, null],
    [[top, f('arch04-marketing')], 'archives', 'department', null],
    [[top, f('arch04-marketing'), f('campaign-2026')], 'archives', 'department', null],
    [[top, f('arch06-marketing')], 'archives', 'internSharing', null],
    [[top, f('junk-marketing')], 'departmentJunk', null, null],
    [[top], 'archives', 'shared', null],
  ] as const)('path %# reads as the %s view', (path, view, archiveSubState, step) => {
    const place = placeOfFolder(path, 'maker');
    expect(place).toMatchObject({ view, archiveSubState, step });
  });

  it('names the department of the special folder that decided the place', () => {
    expect(placeOfFolder([top, f('appr02-heritage'), f('appstp2-heritage')], 'maker').department).toBe(
      'heritage',
    );
    expect(placeOfFolder([top, f('junk-marketing')], 'maker').department).toBe('marketing');
    expect(placeOfFolder([top], 'maker').department).toBeNull();
  });

  const suppliers = f('frnt01-marketing', true);
  const own = f('frnt01-marketing-fotostudio', true);
  const work = f('lvrr02-marketing', true);
  const inbox = f('inbox-marketing-fotostudio', true);

  it('reads the supplier folders from the side of who looks (SPEC §2)', () => {
    expect(placeOfFolder([top, suppliers], 'maker')).toMatchObject({
      view: 'supplier',
      isSuppliersRoot: true,
    });
    expect(placeOfFolder([top, suppliers, own], 'maker')).toMatchObject({
      view: 'supplier',
      isSuppliersRoot: false,
    });
    expect(placeOfFolder([top, suppliers, own], 'supplier').view).toBe('supplierSent');
    expect(placeOfFolder([top, suppliers, own, work], 'supplier').view).toBe('supplierSent');
    expect(placeOfFolder([top, suppliers, own, work], 'maker').view).toBe('supplierRecieved');
    expect(placeOfFolder([top, suppliers, own, inbox], 'supplier').view).toBe('supplierRecieved');
    expect(placeOfFolder([top, suppliers, own, inbox], 'maker').view).toBe('supplierSent');
    expect(placeOfFolder([top, suppliers, own, work], 'maker').department).toBe('marketing');
  });
});
