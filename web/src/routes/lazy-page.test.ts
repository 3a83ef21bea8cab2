import { wholeCatalogue } from '../i18n/i18n';
import { lazyPage } from './lazy-page';

// The rest of the catalogue, held until the test lets it arrive.
jest.mock('../i18n/i18n', () => ({
  ...jest.requireActual<typeof import('../i18n/i18n')>('../i18n/i18n'),
  wholeCatalogue: jest.fn(),
}));

describe('lazyPage', () => {
  it('loads a page outside the first screens with the rest of the catalogue, which its texts are in', async () => {
    let arrive!: () => void;
    jest.mocked(wholeCatalogue).mockReturnValue(new Promise<void>((resolve) => (arrive = resolve)));
    const importer = jest.fn(async () => ({ ManagePage: () => null }));
    const page = lazyPage(importer, 'ManagePage');

    let loaded = false;
    const preload = Promise.resolve(page.preload?.()).then(() => (loaded = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(importer).toHaveBeenCalled();
    expect(loaded).toBe(false);

    arrive();
    await preload;
    expect(loaded).toBe(true);
  });
});
