import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { LoadMoreButton, type NextPages } from './load-more-button';

const pagesOf = (overrides: Partial<NextPages>): NextPages => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  fetchNextPage: jest.fn(() => Promise.resolve()),
  ...overrides,
});

describe('LoadMoreButton', () => {
  it('asks for the next page once a click, under the label it is given', async () => {
    const pages = pagesOf({});
    renderWithProviders(<LoadMoreButton label="More products" pages={pages} />);

    await userEvent.setup().click(screen.getByRole('button', { name: 'More products' }));

    expect(pages.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('is busy while the page comes: a second click asks nothing more', async () => {
    const pages = pagesOf({ isFetchingNextPage: true });
    renderWithProviders(<LoadMoreButton label="Load more" pages={pages} />);

    const button = screen.getByRole('button', { name: 'Load more' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('data-loading');
    await userEvent.setup().click(button);
    expect(pages.fetchNextPage).not.toHaveBeenCalled();
  });

  it('is absent after the last page', () => {
    renderWithProviders(<LoadMoreButton label="Load more" pages={pagesOf({ hasNextPage: false })} />);

    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
