import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { withResizeObserverStub } from '../../../test/desktop-layout';
import { renderWithProviders } from '../../../test/render';
import { assetListPath } from '../../api/assets.api';
import { ActiveFilters, ListingControls, type ListingFilters } from './listing-controls';

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
    expect(screen.getByRole('button', { name: 'Filters (Publication: Not published)' })).toBeInTheDocument();
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

describe('active filters (issue 23: a "1" on an unlabelled icon)', () => {
  const filtered: ListingFilters = {
    ...newestFirst,
    type: 'IMAGE',
    extension: 'jpg',
    metadata: [
      {
        combinator: 'MUST',
        clauses: [
          { key: 'brand', operator: 'EQUAL', value: 'Alfa' },
          { key: 'year', operator: 'MORE', value: '2020' },
        ],
      },
    ],
  };

  it.each([
    [
      'en',
      'Filters (Asset type: Image; Extension: JPG)',
      ['Asset type: Image', 'Extension: JPG', 'Metadata search: 2 conditions'],
    ],
    [
      'fr',
      'Filtres (Type de contenu : Image; Extension : JPG)',
      ['Type de contenu : Image', 'Extension : JPG', 'Recherche par métadonnées : 2 conditions'],
    ],
  ] as const)(
    'in %s the filters button says what it filters, and so does the text beside the count',
    async (language, name, texts) => {
      await i18n.changeLanguage(language);
      renderWithProviders(
        <>
          <ListingControls filters={filtered} onFilters={jest.fn()} />
          <ActiveFilters filters={filtered} />
        </>,
      );
      expect(screen.getByRole('button', { name })).toBeVisible();
      expect(
        within(screen.getByTestId('active-filters'))
          .getAllByText(/./)
          .map((badge) => badge.textContent),
      ).toEqual(texts);
    },
  );

  it('shows nothing beside the count when nothing is filtered', () => {
    renderWithProviders(<ActiveFilters filters={newestFirst} />);
    expect(screen.queryByTestId('active-filters')).not.toBeInTheDocument();
  });
});
