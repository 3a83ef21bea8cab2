import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { withResizeObserverStub } from '../../../test/desktop-layout';
import { renderWithProviders } from '../../../test/render';
import { assetListPath } from '../../api/assets.api';
import { ListingControls, type ListingFilters } from './listing-controls';

const newestFirst: ListingFilters = {
  sort: 'creationDate',
  order: 'desc',
  type: undefined,
  extension: undefined,
  published: undefined,
  metadata: [],
};

// The filters open in a popover, which Chakra places by watching its size.
withResizeObserverStub();

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('sort', () => {
  it.each([
    ['Name', 'name', 'asc'],
    ['Last update', 'lastUpdate', 'desc'],
  ] as const)('choosing %s starts %s in its natural order (%s)', async (label, sort, order) => {
    const onFilters = jest.fn();
    renderWithProviders(<ListingControls filters={newestFirst} onFilters={onFilters} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), label);
    expect(onFilters).toHaveBeenLastCalledWith({ ...newestFirst, sort, order });
  });
});

describe('published filter (SPEC §4 "Folders")', () => {
  const openFilters = async (filters: ListingFilters, onFilters: jest.Mock) => {
    renderWithProviders(<ListingControls filters={filters} onFilters={onFilters} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    return { user, publication: await screen.findByRole('combobox', { name: 'Publication' }) };
  };

  it('narrows to the published assets, or to the others', async () => {
    const onFilters = jest.fn();
    const { user, publication } = await openFilters(newestFirst, onFilters);
    await user.selectOptions(publication, 'Published');
    expect(onFilters).toHaveBeenLastCalledWith({ ...newestFirst, published: true });
    await user.selectOptions(publication, 'Not published');
    expect(onFilters).toHaveBeenLastCalledWith({ ...newestFirst, published: false });
  });

  it('counts as an active filter, and is lifted by choosing both', async () => {
    const onFilters = jest.fn();
    const { user, publication } = await openFilters({ ...newestFirst, published: false }, onFilters);
    expect(screen.getByRole('button', { name: 'Filters: 1 active' })).toBeInTheDocument();
    await user.selectOptions(publication, 'Published or not');
    expect(onFilters).toHaveBeenLastCalledWith({ ...newestFirst, published: undefined });
  });
});

describe('the listing address of the filter', () => {
  it('asks the hub for published or not only when chosen', () => {
    const query = {
      folderId: 'f1',
      subfolders: false,
      q: '',
      types: [],
      extensions: [],
      metadata: [],
      sort: 'creationDate',
      order: 'desc',
      lang: 'en',
    } as const;
    expect(assetListPath(query, 0)).not.toContain('published');
    expect(
      new URL(assetListPath({ ...query, published: false }, 0), 'http://x').searchParams.get('published'),
    ).toBe('false');
  });
});
