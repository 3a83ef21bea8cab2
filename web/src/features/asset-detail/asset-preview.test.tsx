import { fireEvent, screen } from '@testing-library/react';
import { anAssetDetail } from '../../../test/fake-hub';
import { renderWithProviders } from '../../../test/render';
import { i18n } from '../../i18n/i18n';
import { EMPTY_DRAWING } from '../workflow/drawing';
import { DrawingLayer } from '../workflow/drawing-layer';
import { AssetPreview } from './asset-preview';

// jsdom does no layout: the preview's viewport is 800×540 px.
beforeAll(() => {
  for (const [property, size] of [
    ['clientWidth', 800],
    ['clientHeight', 540],
  ] as const)
    Object.defineProperty(HTMLElement.prototype, property, {
      configurable: true,
      get(this: HTMLElement) {
        return this.dataset.testid === 'preview-viewport' ? size : 0;
      },
    });
});

afterAll(() => {
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

const boxSize = () => {
  const { width, height } = screen.getByTestId('preview-box').style;
  return { width, height };
};

describe('AssetPreview of an image', () => {
  it.each([
    [1080, 1350, '432px', '540px'],
    [1200, 1800, '360px', '540px'],
  ])('fits a %i×%i portrait whole by default, then shows actual pixels at 100 %%', (width, height, w, h) => {
    renderWithProviders(<AssetPreview asset={anAssetDetail(1, { width, height })} />);

    expect(screen.getByTestId('preview-viewport')).toHaveAttribute('data-zoom', 'fit');
    expect(screen.getByRole('button', { name: 'Fit' })).toHaveAttribute('aria-pressed', 'true');
    expect(boxSize()).toEqual({ width: w, height: h });

    fireEvent.click(screen.getByRole('button', { name: '100%' }));
    expect(screen.getByTestId('preview-viewport')).toHaveAttribute('data-zoom', '1');
    expect(boxSize()).toEqual({ width: `${width}px`, height: `${height}px` });

    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(boxSize()).toEqual({ width: w, height: h });
  });

  it('lays the drawing layer over exactly the image: same box, filling it', () => {
    renderWithProviders(
      <AssetPreview
        asset={anAssetDetail(1, { width: 1080, height: 1350 })}
        overlay={
          <DrawingLayer drawing={EMPTY_DRAWING} label="Drawing" pen={{ color: 'red', onStroke: () => {} }} />
        }
      />,
    );
    const box = screen.getByTestId('preview-box');
    const image = screen.getByRole('img', { name: 'Image preview' });
    const surface = screen.getByTestId('drawing-surface');
    expect(image.parentElement).toBe(box);
    expect(surface.parentElement).toBe(box);
    const style = (element: Element) => {
      const { position, width, height } = getComputedStyle(element);
      return { position, width, height };
    };
    // Chakra's "full" size token is 100 %.
    const full = 'var(--chakra-sizes-full)';
    expect(style(surface)).toEqual({ position: 'absolute', width: full, height: full });
    expect(style(image)).toMatchObject({ width: full, height: full });
    // At 100 % the box, and the drawing with it, grows to the actual pixels.
    fireEvent.click(screen.getByRole('button', { name: '100%' }));
    expect(boxSize()).toEqual({ width: '1080px', height: '1350px' });
    expect(surface.parentElement).toBe(screen.getByTestId('preview-box'));
  });

  it('uses the loaded picture when the hub does not know the pixels', () => {
    renderWithProviders(<AssetPreview asset={anAssetDetail(1, { width: undefined, height: undefined })} />);
    const image = screen.getByRole('img', { name: 'Image preview' });
    Object.defineProperty(image, 'naturalWidth', { value: 1200 });
    Object.defineProperty(image, 'naturalHeight', { value: 1800 });
    fireEvent.load(image);
    expect(boxSize()).toEqual({ width: '360px', height: '540px' });
  });
});
