import { createUiStore } from './ui-store';

function Preview(_props: { assetId: string }) {
  return null;
}

describe('UI store', () => {
  it('shows and hides each area loader on its own', () => {
    const ui = createUiStore();

    ui.setLoader('grid', true);

    expect(ui.getState().loaders).toEqual({ grid: true, main: false, sidebar: false, loadingMore: false });
    ui.setLoader('grid', false);
    expect(ui.getState().loaders.grid).toBe(false);
  });

  it('holds the full-screen loader with a text and a counter', () => {
    const ui = createUiStore();

    ui.showFullScreenLoader({ text: 'Moving', counter: { done: 3, total: 10 } });
    expect(ui.getState().fullScreenLoader).toEqual({ text: 'Moving', counter: { done: 3, total: 10 } });

    ui.hideFullScreenLoader();
    expect(ui.getState().fullScreenLoader).toBeNull();
  });

  it('shows and hides the error banner', () => {
    const ui = createUiStore();
    ui.showErrorBanner('Something went wrong');
    expect(ui.getState().errorBanner).toBe('Something went wrong');
    ui.hideErrorBanner();
    expect(ui.getState().errorBanner).toBeNull();
  });

  it('sets the modal with a component and props, and hides it by clearing', () => {
    const ui = createUiStore();

    ui.setModal(Preview, { assetId: 'a-1' });
    expect(ui.getState().modal?.render()).toMatchObject({ type: Preview, props: { assetId: 'a-1' } });

    ui.clearModal();
    expect(ui.getState().modal).toBeNull();
  });

  it('tells subscribers about every change until they leave', () => {
    const ui = createUiStore();
    const listener = jest.fn();
    const leave = ui.subscribe(listener);

    ui.showErrorBanner('x');
    leave();
    ui.hideErrorBanner();

    expect(listener).toHaveBeenCalledTimes(1);
  });
});
