import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FolderNode, Role } from '@paddock/rules';
import { i18n } from '../../i18n/i18n';
import { aFolder, fakeHub, hubError, ok } from '../../../test/fake-hub';
import { withResizeObserverStub } from '../../../test/desktop-layout';
import { renderWithProviders } from '../../../test/render';
import { FolderMenu } from './folder-menu';

withResizeObserverStub();

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

const top = aFolder({ id: 'mk', name: 'Marketing', prettyId: 'dept-marketing' });
const archive = (rights: Partial<FolderNode['rights']> = {}, canCreate = true) =>
  aFolder({
    id: 'arch',
    name: 'Department archive',
    prettyId: 'arch04-marketing',
    parentId: 'mk',
    rights: { manage: true, share: true, write: true, ...rights },
    canCreate,
  });

function menuFor(folder: FolderNode, roles: Role[] = ['user']) {
  const onChanged = jest.fn();
  renderWithProviders(
    <FolderMenu
      folder={folder}
      path={[top, folder]}
      session={{ roles, department: 'MARKETING' }}
      onChanged={onChanged}
    />,
  );
  return onChanged;
}

describe('FolderMenu', () => {
  it('creates a sub-folder, refusing an empty name before asking the hub', async () => {
    const calls = fakeHub({ 'POST /api/folders': ok(aFolder({ id: 'new', name: 'Launch' })) });
    const onChanged = menuFor(archive());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Folder actions: Department archive' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'New folder',
      'Rename',
      'Change code',
      'Delete',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder in Department archive' });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(dialog).toHaveTextContent('Folder must have a name.');
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText(/^Name/), 'Launch{Enter}');
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('new'));
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/api/folders', { parentId: 'arch', name: 'Launch' }],
    ]);
  });

  it("shows the hub's refusal of a code in its own words, and keeps the dialog open", async () => {
    fakeHub({ 'PATCH /api/folders/arch': hubError(409, 'FOLDER_PRETTY_ID_FAILED') });
    const onChanged = menuFor(archive());
    const user = userEvent.setup();
    // From the keyboard this time: Enter opens the menu, the third entry is the code.
    screen.getByRole('button', { name: 'Folder actions: Department archive' }).focus();
    await user.keyboard('{Enter}');
    // The menu highlights its first entry a moment after opening; arrows pressed before that
    // would count from nowhere (a flake seen once under a loaded full run).
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'New folder' })).toHaveAttribute('data-highlighted'),
    );
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Change the code of Department archive' });
    const code = screen.getByRole('textbox', { name: 'Code' });
    await user.clear(code);
    await user.type(code, 'taken{Enter}');
    await waitFor(() =>
      expect(dialog).toHaveTextContent('The folder code could not be changed: it may already be in use.'),
    );
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("offers a new sub-folder only where the hub's tree node says canCreate", async () => {
    menuFor(archive({}, false));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Folder actions: Department archive' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Rename',
      'Change code',
      'Delete',
    ]);
  });

  it('offers nothing where SPEC §6 allows no folder change (no manage, or an observer)', () => {
    menuFor(archive({ manage: false }, false));
    menuFor(archive({}, false), ['user', 'observer']);
    expect(screen.queryByRole('button', { name: /^Folder actions/ })).not.toBeInTheDocument();
  });
});
