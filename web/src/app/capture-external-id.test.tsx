import { render, screen } from '@testing-library/react';
import { i18n } from '../i18n/i18n';
import { fakeHub, signedOutRoutes } from '../../test/fake-hub';
import { App } from './app';
import { captureExternalId } from './capture-external-id';
import { startApp } from './create-app';

beforeEach(async () => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  await i18n.changeLanguage('en');
});

describe('externalId at start-up', () => {
  it('saves the externalId in session storage and goes to the site root', () => {
    window.history.replaceState(null, '', '/product?externalId=SF-00042&other=1');

    captureExternalId();

    expect(sessionStorage.getItem('externalId')).toBe('SF-00042');
    expect(window.location.pathname).toBe('/');
    expect(window.location.search).toBe('');
  });

  it('replaces the address instead of adding a history entry', () => {
    window.history.replaceState(null, '', '/home?externalId=X1');
    const entries = window.history.length;

    captureExternalId();

    expect(window.history.length).toBe(entries);
  });

  it('leaves an address without externalId alone', () => {
    window.history.replaceState(null, '', '/tag?view=1');

    captureExternalId();

    expect(sessionStorage.getItem('externalId')).toBeNull();
    expect(window.location.pathname + window.location.search).toBe('/tag?view=1');
  });

  it('runs before the router, which then starts from the root and applies the guards', async () => {
    fakeHub(signedOutRoutes());
    window.history.replaceState(null, '', '/summary?externalId=SF-7');

    const app = startApp();
    render(<App app={app} />);

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(sessionStorage.getItem('externalId')).toBe('SF-7');
    expect(window.location.pathname).toBe('/login');
    expect(window.location.search).toBe('');
  });
});
