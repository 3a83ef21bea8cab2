import { E_CODES, LANGUAGES, type Language } from '@paddock/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  aFolder,
  aSession,
  assetRoutes,
  fakeHub,
  hubError,
  ok,
  signedInHub,
  signedOutRoutes,
} from '../../test/fake-hub';
import { resources } from '../../test/catalogues';
import { withDesktopListingLayout } from '../../test/desktop-layout';
import { renderApp } from '../../test/render';
import { splitCatalogue } from './catalogue-split';
import { i18n } from './i18n';

// The first screens as the browser first shows them: with the first part of the catalogue alone
// (issue 26). A text of theirs left in the rest is reported missing, and web/test/setup.ts fails
// the test on it.
withDesktopListingLayout();

function storeOnly(part: 'first' | 'whole') {
  for (const language of LANGUAGES) {
    const whole = resources[language].translation;
    i18n.removeResourceBundle(language, 'translation');
    i18n.addResourceBundle(language, 'translation', part === 'whole' ? whole : splitCatalogue(whole).first);
  }
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
  storeOnly('first');
});
afterEach(() => storeOnly('whole'));

const tree = [
  aFolder({
    id: 'mk',
    name: 'Marketing',
    children: [
      aFolder({ id: 'arch', name: 'Archive', prettyId: 'arch04-marketing', parentId: 'mk' }),
      aFolder({ id: 'stp', name: 'Step 1', prettyId: 'appstp1-marketing', parentId: 'mk' }),
    ],
  }),
];

describe('the first screens with the first part of the catalogue alone', () => {
  it('guards against missing texts and re-renders when the rest arrives', () => {
    expect(i18n.options.saveMissing).toBe(true);
    expect(i18n.options.react?.bindI18nStore).toBe('added');
  });

  it('stores less than the whole catalogue', () => {
    expect(i18n.exists('manage.tabs.jobs')).toBe(false);
    expect(i18n.exists('auth.login.submit')).toBe(true);
  });

  it.each(LANGUAGES)('sign-in in %s, and its refusal', async (language: Language) => {
    await i18n.changeLanguage(language);
    const texts = resources[language].translation;
    fakeHub({ ...signedOutRoutes(), 'POST /api/session': hubError(401, 'WRONG_CREDENTIALS') });
    renderApp('/login');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(texts.auth.login.username), 'mrossi');
    await user.type(screen.getByLabelText(texts.auth.login.password), 'secret');
    await user.click(screen.getByRole('button', { name: texts.auth.login.submit }));

    expect(await screen.findByRole('alert')).toHaveTextContent(texts.auth.errors.wrongCredentials);
  });

  it('the archive: header, navigation, tree, cards and listing controls', async () => {
    signedInHub({ tree, routes: assetRoutes(12) });
    renderApp('/home');

    expect(await screen.findByText('Results: 12', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('treeitem', { name: 'Archive' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search assets' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'asset-0.jpg' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("an approver's archive", async () => {
    signedInHub({
      session: aSession({ roles: ['approver'], defaultView: 'approver' }),
      tree,
      routes: assetRoutes(3),
    });
    renderApp('/home');

    expect(await screen.findByText('Results: 3', undefined, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('the empty folder and the failed folder tree', async () => {
    signedInHub({ tree: () => hubError(503, E_CODES.FOLDER_TREE_FAILED), routes: assetRoutes(0) });
    renderApp('/home');

    const folders = await screen.findByRole('complementary', { name: 'Folders' });
    expect(await within(folders).findByRole('alert')).toHaveTextContent('Error code: E009');
  });

  it('an empty folder', async () => {
    signedInHub({ tree, routes: { ...assetRoutes(0), 'GET /api/folders/tree': ok({ roots: tree }) } });
    renderApp('/home?folder=mk');

    expect(await screen.findByText('This folder is empty')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Upload files or pick another folder.')).toBeInTheDocument());
  });
});
