import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aFolder } from '../../../test/fake-hub';
import { renderWithProviders } from '../../../test/render';
import { FolderTree } from './folder-tree';

const roots = [
  aFolder({
    id: 'mk',
    name: 'Marketing',
    children: [
      aFolder({
        id: 'arch',
        name: 'Archive',
        parentId: 'mk',
        children: [aFolder({ id: 'y24', name: '2024', parentId: 'arch' })],
      }),
      aFolder({ id: 'enr', name: 'Enrichment', parentId: 'mk' }),
    ],
  }),
  aFolder({ id: 'her', name: 'Heritage' }),
];

function renderTree(selectedId?: string) {
  const onSelect = jest.fn();
  renderWithProviders(
    <FolderTree roots={roots} selectedId={selectedId} onSelect={onSelect} label="Folders" />,
  );
  return onSelect;
}

const item = (name: string) => screen.getByRole('treeitem', { name });

describe('the folder tree', () => {
  it('names the department of roots that carry one, so same-named roots read apart', () => {
    renderWithProviders(
      <FolderTree
        roots={[
          aFolder({ id: 'fs-mk', name: 'Foto Studio', department: 'Marketing' }),
          aFolder({ id: 'fs-her', name: 'Foto Studio', department: 'Heritage' }),
        ]}
        selectedId={undefined}
        onSelect={jest.fn()}
        label="Folders"
      />,
    );
    expect(screen.getAllByRole('treeitem').map((node) => node.textContent)).toEqual([
      'Foto Studio · Marketing',
      'Foto Studio · Heritage',
    ]);
  });

  it('is one tab stop; arrows move, open and close, Enter selects', async () => {
    const onSelect = renderTree();
    const user = userEvent.setup();
    expect(screen.getByRole('tree', { name: 'Folders' })).toBeInTheDocument();
    expect(screen.getAllByRole('treeitem').map((node) => node.textContent)).toEqual([
      'Marketing',
      'Heritage',
    ]);

    await user.tab();
    expect(item('Marketing')).toHaveFocus();
    expect(item('Marketing')).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowRight}');
    expect(item('Marketing')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('treeitem').map((node) => node.textContent)).toEqual([
      'Marketing',
      'Archive',
      'Enrichment',
      'Heritage',
    ]);
    expect(item('Archive')).toHaveAttribute('aria-level', '2');

    await user.keyboard('{ArrowRight}');
    expect(item('Archive')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(item('Heritage')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Enrichment')).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'enr' }));

    // Left on a closed child goes to its parent, Left again closes the parent.
    await user.keyboard('{ArrowLeft}');
    expect(item('Marketing')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(item('Marketing')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('treeitem', { name: 'Archive' })).not.toBeInTheDocument();

    await user.keyboard('{End}');
    expect(item('Heritage')).toHaveFocus();
    expect(item('Heritage')).not.toHaveAttribute('aria-expanded');
    await user.keyboard('{Home}');
    expect(item('Marketing')).toHaveFocus();
  });

  it('opens the way to the selected folder and marks it', () => {
    renderTree('y24');
    expect(item('2024')).toHaveAttribute('aria-selected', 'true');
    expect(item('2024')).toHaveAttribute('aria-level', '3');
    expect(item('2024')).toHaveAttribute('tabindex', '0');
    expect(item('Marketing')).toHaveAttribute('aria-selected', 'false');
  });

  it('selects on click', async () => {
    const onSelect = renderTree();
    await userEvent.setup().click(item('Heritage'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'her' }));
  });
});
