import { ERROR_CODES } from '@paddock/rules';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import { FOLDERS, demoProvider, userOf, type DemoUsername } from '../../test/support/workflow-factories';
import { PlaceActions } from './place-actions';
import { WorkflowFolders } from './workflow-folders';

let provider: InMemoryProvider;
let places: PlaceActions;

beforeEach(() => {
  provider = demoProvider();
  places = new PlaceActions(new WorkflowFolders(provider, provider), provider);
});

async function inFolder(username: DemoUsername, prettyId: string) {
  const user = userOf(username);
  return places.ofFolder(
    user,
    await provider.folder(user.providerToken, provider.folderByPrettyId(prettyId).id),
  );
}

describe('the place and SPEC §6 actions of the assets in a folder', () => {
  it('step 1: anna, enabled for it, may accept and reject and nothing else', async () => {
    const looked = await inFolder('anna.bianchi', FOLDERS.step1);
    expect(looked?.place).toMatchObject({ view: 'approver', step: 1, department: 'marketing' });
    expect(Object.entries(looked!.actions).filter(([, allowed]) => allowed)).toEqual([
      ['accept', true],
      ['reject', true],
    ]);
  });

  it('step 1: luca is not enabled for it, nothing to accept', async () => {
    expect((await inFolder('luca.conti', FOLDERS.step1))?.actions).toMatchObject({
      accept: false,
      reject: false,
    });
  });

  it('the department archive for mario: move, delete, rename, download, share; no accept', async () => {
    expect((await inFolder('mario.rossi', FOLDERS.archive))?.actions).toMatchObject({
      accept: false,
      move: true,
      delete: true,
      rename: true,
      download: true,
      share: true,
    });
  });

  it('the supplier work folder is "sent" for the supplier, who may delete there, and "received" for staff', async () => {
    const supplier = await inFolder('foto.studio', FOLDERS.supplierWork);
    expect(supplier?.place.view).toBe('supplierSent');
    expect(supplier?.actions.delete).toBe(true);
    expect((await inFolder('mario.rossi', FOLDERS.supplierWork))?.place.view).toBe('supplierRecieved');
  });

  it('when the service account cannot read the path, no place (the folder stays viewable)', async () => {
    provider.fail('foldersByIds', ERROR_CODES.PROVIDER_UNAVAILABLE, { transient: true });
    expect(await inFolder('mario.rossi', FOLDERS.archive)).toBeNull();
  });
});
