import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { ListingControls, type ListingFilters } from './listing-controls';

const newestFirst: ListingFilters = {
  sort: 'creationDate',
  order: 'desc',
  type: undefined,
  extension: undefined,
  metadata: [],
};

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
