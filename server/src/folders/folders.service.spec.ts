import type { AuthUser } from '../common/auth-user';
import type { ProviderFolder } from '../provider/folders.gateway';
import { FoldersService } from './folders.service';

const user = (primaryRole: AuthUser['primaryRole'] = 'user'): AuthUser => ({
  username: 'mario',
  roles: [primaryRole],
  primaryRole,
  department: 'MARKETING',
  departmentRestricted: false,
  approvalSteps: [],
  providerToken: 'tok',
  sessionId: 's',
});

function providerFolder(
  id: string,
  parentId: string | null,
  en: string,
  extra: Partial<ProviderFolder> = {},
): ProviderFolder {
  return {
    id,
    prettyId: id,
    parentId,
    ancestorIds: [],
    names: { EN: en, IT: `${en} (it)` },
    isSupplier: false,
    originId: null,
    createdAt: '',
    numberOfSubCategories: 0,
    rights: { show: true, manage: false, share: false, write: false },
    ...extra,
  };
}

type Gateway = ConstructorParameters<typeof FoldersService>[0];

function serviceWith(overrides: Partial<Gateway>) {
  const unexpected = () => Promise.reject(new Error('not expected in this test'));
  const gateway: Gateway = {
    allFolders: unexpected,
    folder: unexpected,
    subFolders: unexpected,
    foldersByIds: unexpected,
    createFolder: unexpected,
    renameFolder: unexpected,
    changePrettyId: unexpected,
    deleteFolder: unexpected,
    ...overrides,
  };
  const service = { withToken: <T>(fn: (token: string) => Promise<T>) => fn('service-token') };
  return new FoldersService(gateway, { ofFolder: unexpected, folderAllows: unexpected }, service, {
    refuseFolder: unexpected,
  });
}

describe('FoldersService', () => {
  it('assembles the visible tree: a folder whose parent is hidden is top-level under root', async () => {
    const allFolders = jest.fn().mockResolvedValue([
      providerFolder('b', 'hidden', 'Beta'),
      providerFolder('a', null, 'Alpha'),
      providerFolder('a2', 'a', 'Zulu'),
      providerFolder('a1', 'a', 'Mike', {
        rights: { show: true, manage: true, share: false, write: true },
      }),
    ]);
    const roots = await serviceWith({ allFolders }).tree(user(), 'it');
    expect(allFolders).toHaveBeenCalledWith('tok', 'IT');
    expect(roots.map((r) => [r.id, r.name, r.parentId, r.hasChildren])).toEqual([
      ['a', 'Alpha (it)', 'root', true],
      ['b', 'Beta (it)', 'root', false],
    ]);
    expect(roots[0].children?.map((c) => [c.id, c.parentId, c.rights.manage])).toEqual([
      ['a1', 'a', true],
      ['a2', 'a', false],
    ]);
  });

  it('names the department of a root below hidden folders, read with the service account, and sorts by it', async () => {
    const supplierRoot = (id: string, top: string) =>
      providerFolder(id, `${top}-suppliers`, 'Foto Studio', { ancestorIds: [top, `${top}-suppliers`] });
    const allFolders = jest.fn().mockResolvedValue([
      // Ids in the other order: roots of one name follow their department, never their id.
      supplierRoot('a-mk', 'mk'),
      supplierRoot('z-her', 'her'),
      providerFolder('own', null, 'Own'),
    ]);
    const foldersByIds = jest
      .fn()
      .mockResolvedValue([providerFolder('mk', null, 'Marketing'), providerFolder('her', null, 'Heritage')]);
    const roots = await serviceWith({ allFolders, foldersByIds }).tree(user('supplier'), 'en');
    expect(foldersByIds).toHaveBeenCalledWith('service-token', ['mk', 'her'], 'EN');
    expect(roots.map((r) => [r.name, r.department])).toEqual([
      ['Foto Studio', 'Heritage'],
      ['Foto Studio', 'Marketing'],
      ['Own', undefined],
    ]);
  });

  it('marks canCreate on each tree node as SPEC §6 "Create" allows there, the place read from the whole path', async () => {
    const manage = { show: true, manage: true, share: false, write: true };
    const allFolders = jest.fn().mockResolvedValue([
      providerFolder('arch', 'mk', 'Archive', {
        prettyId: 'arch04-marketing',
        ancestorIds: ['mk'],
        rights: manage,
      }),
      providerFolder('sub', 'arch', 'Launch', { ancestorIds: ['mk', 'arch'], rights: manage }),
      providerFolder('ro', 'arch', 'Read only', { ancestorIds: ['mk', 'arch'] }),
      providerFolder('step', 'mk', 'Step 1', {
        prettyId: 'appstp1-marketing',
        ancestorIds: ['mk'],
        rights: manage,
      }),
      // Below a department archive the user does not see: only the service account's path places it.
      providerFolder('deep', 'arch-h', 'Deep', { ancestorIds: ['mk', 'arch-h'], rights: manage }),
      providerFolder('her', 'hr', 'Heritage archive', {
        prettyId: 'arch04-heritage',
        ancestorIds: ['hr'],
        rights: manage,
      }),
    ]);
    const foldersByIds = jest.fn().mockResolvedValue([
      providerFolder('mk', null, 'Marketing'),
      providerFolder('hr', null, 'Heritage'),
      providerFolder('arch-h', 'mk', 'Hidden archive', {
        prettyId: 'arch04-marketing',
        ancestorIds: ['mk'],
      }),
    ]);
    const creatable = (roots: { id: string; canCreate: boolean; children?: unknown[] }[]): string[] =>
      roots.flatMap((n) => [
        ...(n.canCreate ? [n.id] : []),
        ...creatable((n.children ?? []) as typeof roots),
      ]);

    const roots = await serviceWith({ allFolders, foldersByIds }).tree(user(), 'en');
    expect(foldersByIds).toHaveBeenCalledWith('service-token', ['mk', 'arch-h', 'hr']);
    expect(creatable(roots).sort()).toEqual(['arch', 'deep', 'sub']);
    expect(creatable(await serviceWith({ allFolders, foldersByIds }).tree(user('observer'), 'en'))).toEqual(
      [],
    );
  });

  it('never writes the synthetic root', async () => {
    const createFolder = jest.fn();
    const service = serviceWith({ createFolder });
    await expect(service.create(user(), 'root', 'x')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(service.delete(user(), 'root')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(createFolder).not.toHaveBeenCalled();
  });
});
