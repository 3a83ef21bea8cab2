import { act, render, screen } from '@testing-library/react';
import { wholeCatalogue } from '../../i18n/i18n';
import { onDemand } from './on-demand';

// The rest of the catalogue, held until the test lets it arrive.
jest.mock('../../i18n/i18n', () => ({
  ...jest.requireActual<typeof import('../../i18n/i18n')>('../../i18n/i18n'),
  wholeCatalogue: jest.fn(),
}));

describe('onDemand', () => {
  it('renders its part once both its code and the rest of the catalogue are there', async () => {
    let arrive!: () => void;
    jest.mocked(wholeCatalogue).mockReturnValue(new Promise<void>((resolve) => (arrive = resolve)));
    const Part = onDemand(
      async () =>
        function Loaded({ name }: { name: string }) {
          return <p>{name} is here</p>;
        },
      <p>waiting</p>,
    );
    render(<Part name="The dialog" />);

    // Its code has arrived, the rest of the catalogue not yet.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(screen.queryByText('The dialog is here')).not.toBeInTheDocument();

    await act(async () => arrive());
    expect(await screen.findByText('The dialog is here')).toBeInTheDocument();
    expect(wholeCatalogue).toHaveBeenCalled();
  });
});
