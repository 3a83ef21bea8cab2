import { DEFAULT_LANGUAGE, type Language } from '@paddock/rules';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { resources } from '../../test/catalogues';
import { catalogueLoader, type CatalogueParts } from './catalogue-loader';
import { type Catalogue, splitCatalogue } from './catalogue-split';

/** A promise settled from outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Each language's parts, cut from its whole file; the rest arrives when the test says. */
function partsWithHeldRest() {
  const rests = new Map<Language, ReturnType<typeof deferred<{ default: Catalogue }>>>();
  const fetched: string[] = [];
  const part = (language: Language, which: 'first' | 'rest') => () => {
    fetched.push(`${language} ${which}`);
    const cut = splitCatalogue(resources[language].translation)[which];
    if (which === 'first') return Promise.resolve({ default: cut });
    const held = deferred<{ default: Catalogue }>();
    rests.set(language, held);
    return held.promise;
  };
  const parts = Object.fromEntries(
    (['it', 'en', 'fr'] as const).map((language) => [
      language,
      { first: part(language, 'first'), rest: part(language, 'rest') },
    ]),
  ) as CatalogueParts;
  const release = (language: Language) => {
    const cut = splitCatalogue(resources[language].translation).rest;
    rests.get(language)!.resolve({ default: cut });
  };
  return { parts, fetched, rests, release };
}

async function started() {
  const held = partsWithHeldRest();
  const i18n = i18next.createInstance();
  const loader = catalogueLoader(i18n, held.parts, DEFAULT_LANGUAGE);
  await i18n.use(loader.backend).init({ lng: DEFAULT_LANGUAGE, fallbackLng: false, initAsync: false });
  return { ...held, i18n, loader };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('catalogueLoader', () => {
  it('starts with the first part, fetches the rest at once, and adds it when it arrives', async () => {
    const { i18n, loader, fetched, release } = await started();
    const italian = resources.it.translation;

    expect(fetched).toEqual(['it first', 'it rest']);
    expect(i18n.t('auth.login.submit')).toBe(italian.auth.login.submit);
    expect(i18n.exists('manage.tabs.jobs')).toBe(false);
    expect(loader.isWhole('it')).toBe(false);

    const whole = loader.wholeCatalogue();
    expect(await settled(whole)).toBe(false);
    release('it');
    await whole;

    expect(i18n.t('manage.tabs.jobs')).toBe(italian.manage.tabs.jobs);
    expect(i18n.t('auth.login.submit')).toBe(italian.auth.login.submit);
    expect(loader.isWhole('it')).toBe(true);
  });

  it('re-renders what shows a text of the rest when it arrives (bindI18nStore)', async () => {
    const { i18n, release } = await started();
    i18n.options.react = { bindI18nStore: 'added' };
    function Tab() {
      const { t } = useTranslation();
      return <p>{t('manage.tabs.jobs')}</p>;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Tab />
      </I18nextProvider>,
    );
    expect(screen.getByText('manage.tabs.jobs')).toBeInTheDocument();

    await act(async () => release('it'));
    expect(await screen.findByText(resources.it.translation.manage.tabs.jobs)).toBeInTheDocument();
  });

  it('shows another language only with both parts', async () => {
    const { i18n, loader, release } = await started();
    const switched = i18n.changeLanguage('en');

    expect(await settled(switched)).toBe(false);
    expect(i18n.language).toBe(DEFAULT_LANGUAGE);
    release('en');
    await switched;

    expect(i18n.language).toBe('en');
    expect(i18n.t('manage.tabs.jobs')).toBe(resources.en.translation.manage.tabs.jobs);
    expect(loader.isWhole('en')).toBe(true);
  });

  it('fetches the rest again when it failed to arrive', async () => {
    const { i18n, loader, rests, fetched } = await started();
    rests.get('it')!.reject(new Error('offline'));
    await expect(loader.wholeCatalogue()).rejects.toThrow('offline');

    const again = loader.wholeCatalogue();
    expect(fetched.filter((part) => part === 'it rest')).toHaveLength(2);
    rests.get('it')!.resolve({ default: splitCatalogue(resources.it.translation).rest });
    await again;
    expect(i18n.exists('manage.tabs.jobs')).toBe(true);
  });
});
