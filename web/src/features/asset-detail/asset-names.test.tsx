import {
  ENRICHMENT_ERROR_CODES,
  type AssetDetail,
  type EnrichmentDefinitions,
  type Language,
} from '@paddock/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import {
  aFolder,
  anAsset,
  anAssetDetail,
  assetRoutes,
  hubError,
  ok,
  signedInHub,
  type HubCall,
  type Route,
} from '../../../test/fake-hub';
import { renderApp, withFreshBrowserInEnglish } from '../../../test/render';
import { withDesktopListingLayout } from '../../../test/desktop-layout';

withDesktopListingLayout();
withFreshBrowserInEnglish();

/** The hub names by the asked language, as it does (IT for it, EN for en and fr). */
const NAMES: Record<string, string> = { it: 'Foto rossa', en: 'Red photo', fr: 'Red photo' };
const FOLDERS: Record<string, string> = {
  it: 'Archivio di reparto',
  en: 'Department archive',
  fr: 'Archives du service',
};

function hub(extra: Record<string, Route> = {}): HubCall[] {
  const lang = (call: HubCall) => call.query.get('lang') ?? 'missing';
  return signedInHub({
    tree: (call) =>
      ok({ roots: [aFolder({ id: 'arch', name: FOLDERS[lang(call)], prettyId: 'arch04-marketing' })] }),
    routes: {
      // The breadcrumb, named in the asked language.
      'GET /api/folders/arch': (call) =>
        ok({
          ...aFolder({ id: 'arch', name: FOLDERS[lang(call)], prettyId: 'arch04-marketing' }),
          path: [{ id: 'arch', name: FOLDERS[lang(call)] }],
        }),
      ...assetRoutes(1),
      'GET /api/assets': (call) =>
        ok({
          items: [anAsset(0, { name: NAMES[lang(call)] })],
          hasMore: false,
          offset: 0,
          limit: 100,
        }),
      'GET /api/assets/a0': (call) =>
        ok(
          anAssetDetail(0, {
            name: NAMES[lang(call)],
            names: { IT: 'Foto rossa', EN: 'Red photo' },
            size: 1_363_148,
            width: 1080,
            height: 1350,
            folders: [{ id: 'arch', name: FOLDERS[lang(call)] }],
            durationMs: 4000,
            metadata: [
              { classificationId: 'ggdyqo', key: 'size', value: '1363148' },
              { classificationId: 'ggdyqo', key: 'resolution', value: '1080x1350' },
              { classificationId: 'ggdyqo', key: 'dpi', value: '1200' },
              { classificationId: 'ggdyqo', key: 'creation_date', value: '2026-03-05T10:00:00.000Z' },
              { classificationId: 'ggdyqo', key: 'vendor-code', value: 'X1' },
              {
                classificationId: 'ggdyqo',
                key: 'utilizzo',
                value: 'stampa',
                type: 'singleEnum',
                name: 'Utilizzo',
              },
            ],
          } satisfies Partial<AssetDetail>),
        ),
      // The usage's values named by its definition, as the wizard reads them (issue 23: "Utilizzo: stampa").
      'GET /api/enrichment/definitions': ok({
        metadata: [
          {
            id: 'u',
            key: 'utilizzo',
            classificationId: 'c',
            names: { it: 'Utilizzo', en: 'Usage', fr: 'Utilisation' },
            type: 'singleEnum',
            mandatory: true,
            options: [{ value: 'stampa', name: 'Press', names: { it: 'Stampa', en: 'Press', fr: 'Presse' } }],
          },
        ],
      } satisfies EnrichmentDefinitions),
      ...extra,
    },
  });
}

interface Expected {
  /** The info rows: size, dimensions, duration. */
  rows: [string, string, string];
  size: string;
  /** The metadata: dpi and creation date labels, the dpi value. */
  metadata: [string, string];
  dpi: string;
  hint: string;
  /** The usage's label and its value "stampa", named. */
  usage: [string, string];
}

describe.each<[Language, Expected]>([
  [
    'it',
    {
      rows: ['Peso', 'Dimensioni', 'Durata'],
      size: '1,3 MB',
      metadata: ['Risoluzione di stampa', 'Data di creazione'],
      // Italian groups from five digits on.
      dpi: '1200 dpi',
      hint: 'Salvato come nome italiano e inglese',
      usage: ['Utilizzo', 'Stampa'],
    },
  ],
  [
    'fr',
    {
      rows: ['Taille', 'Dimensions', 'Durée'],
      size: '1,3 Mo',
      metadata: ["Résolution d'impression", 'Date de création'],
      // A narrow no-break space, which the matcher reads as a space.
      dpi: '1 200 dpi',
      hint: 'Enregistré comme nom italien et anglais',
      usage: ['Utilisation', 'Presse'],
    },
  ],
  [
    'en',
    {
      rows: ['Size', 'Dimensions', 'Duration'],
      size: '1.3 MB',
      metadata: ['Print resolution', 'Creation date'],
      dpi: '1,200 dpi',
      hint: 'Saved as both the Italian and the English name',
      usage: ['Usage', 'Press'],
    },
  ],
])('one name in the %s interface', (language, expected) => {
  it('shows the grid, the title, the folders and the rename field in it, with metadata labelled and formatted', async () => {
    await i18n.changeLanguage(language);
    const calls = hub();
    renderApp('/home?folder=arch&asset=a0');
    const name = `${NAMES[language]}.jpg`;

    await screen.findByRole('dialog', { name });
    // The dialog is drawn again as the folder's view of the asset arrives: always the current one.
    const info = within(await screen.findByRole('dialog', { name }));
    expect(await screen.findByRole('option', { name, hidden: true })).toBeInTheDocument();
    expect(screen.getAllByRole('treeitem', { name: FOLDERS[language], hidden: true }).length).toBeGreaterThan(
      0,
    );
    for (const path of ['/api/assets', '/api/assets/a0', '/api/folders/tree', '/api/folders/arch'])
      expect(calls.filter((c) => c.path === path).map((c) => c.query.get('lang'))).toContain(language);

    await info.findByText(expected.metadata[0]);
    const [size, dimensions, duration] = expected.rows;
    expect(info.getByText(size).nextSibling).toHaveTextContent(expected.size);
    expect(info.getByText(dimensions).nextSibling).toHaveTextContent('1080 × 1350');
    expect(info.getByText(duration).nextSibling).toHaveTextContent('0:04');
    // The metadata list: translated labels, values in the language's form, nothing said twice.
    const metadata = within(
      info.getByRole('heading', { name: /^(Metadati|Métadonnées|Metadata)$/ }).parentElement!,
    );
    expect(metadata.getByText(expected.metadata[0]).nextSibling).toHaveTextContent(expected.dpi);
    expect(metadata.getByText(expected.metadata[1]).nextSibling).toHaveTextContent('05/03/2026');
    expect(metadata.getByText('vendor-code').nextSibling).toHaveTextContent('X1');
    expect((await metadata.findByText(expected.usage[0])).nextSibling).toHaveTextContent(expected.usage[1]);
    expect(info.getAllByText(expected.size)).toHaveLength(1);
    expect(info.getAllByText('1080 × 1350')).toHaveLength(1);
    // The breadcrumb and the asset's folders.
    expect(
      await info.findByLabelText(/^(Percorso della cartella|Chemin du dossier|Folder path)$/),
    ).toHaveTextContent(FOLDERS[language]);
    expect(info.getAllByText(FOLDERS[language])).toHaveLength(2);

    const user = userEvent.setup();
    await user.click(info.getByRole('button', { name: /^(Rinomina|Renommer|Rename)$/ }));
    const field = info.getByRole('textbox', { name: /^(Nuovo nome|Nouveau nom|New name)$/ });
    expect(field).toHaveValue(NAMES[language]);
    expect(field).toHaveAccessibleDescription(expected.hint);
  });
});

describe('metadata by its type and name (SPEC §3)', () => {
  it.each([
    ['it', 'Sì', 'No'],
    ['fr', 'Oui', 'Non'],
    ['en', 'Yes', 'No'],
  ] as const)(
    'in %s: booleans read yes or no, instants as dates, names where the catalogue has no word, without the wizard’s definitions',
    async (language, yes, no) => {
      await i18n.changeLanguage(language);
      hub({
        'GET /api/assets/a0': ok(
          anAssetDetail(0, {
            name: NAMES[language],
            metadata: [
              {
                classificationId: 'ggdyqo',
                key: 'opportunity-lead',
                value: 'true',
                type: 'boolean',
                name: 'Opportunity lead',
              },
              {
                classificationId: 'ggdyqo',
                key: 'press-kit',
                value: 'false',
                type: 'boolean',
                name: 'In the press kit',
              },
              {
                classificationId: 'ggdyqo',
                key: 'launch',
                value: '2026-03-07',
                type: 'instant',
                name: 'Launch',
              },
              { classificationId: 'ggdyqo', key: 'trims', value: 'base,sport', type: 'multiEnum' },
              { classificationId: 'ggdyqo', key: 'vendor-code', value: 'X1', type: 'string' },
            ],
          }),
        ),
        // An observer may not read the wizard's definitions: the detail alone says how values read.
        'GET /api/enrichment/definitions': hubError(403, ENRICHMENT_ERROR_CODES.NOT_ALLOWED),
      });
      renderApp('/home?folder=arch&asset=a0');
      await screen.findByRole('dialog', { name: `${NAMES[language]}.jpg` });
      // The dialog is drawn again as the folder's view of the asset arrives: always the current one.
      const info = within(await screen.findByRole('dialog', { name: `${NAMES[language]}.jpg` }));
      const metadata = within(
        (await info.findByRole('heading', { name: /^(Metadati|Métadonnées|Metadata)$/ })).parentElement!,
      );
      const opportunity = { it: 'Opportunità', fr: 'Opportunité', en: 'Opportunity' }[language];
      expect(metadata.getByText(opportunity).nextSibling).toHaveTextContent(yes);
      expect(metadata.getByText('In the press kit').nextSibling).toHaveTextContent(no);
      expect(metadata.getByText('Launch').nextSibling).toHaveTextContent('07/03/2026');
      expect(metadata.getByText('trims').nextSibling).toHaveTextContent('base, sport');
      expect(metadata.getByText('vendor-code').nextSibling).toHaveTextContent('X1');
    },
  );
});

describe('the type badge (issue 12)', () => {
  it('shows a video’s type and running time in the detail, as on its card', async () => {
    const video = { type: 'VIDEO', extension: 'mp4', durationMs: 95_000 } as const;
    hub({
      'GET /api/assets': ok({
        items: [anAsset(0, { name: 'Spot', ...video })],
        hasMore: false,
        offset: 0,
        limit: 100,
      }),
      'GET /api/assets/a0': ok(anAssetDetail(0, { name: 'Spot', ...video })),
    });
    renderApp('/home?folder=arch&asset=a0');
    await screen.findByRole('dialog', { name: 'Spot.mp4' });
    // The dialog is drawn again as the folder's view of the asset arrives: always the current one.
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog', { name: 'Spot.mp4' })).getByText('Video · 1:35'),
      ).toBeVisible(),
    );
    expect(screen.getAllByText('Video · 1:35')).toHaveLength(2);
  });
});

describe('rename', () => {
  it('converts typographic punctuation, sends the interface language, and names what stays refused', async () => {
    await i18n.changeLanguage('it');
    const calls = hub({ 'PATCH /api/assets/a0': ok(anAssetDetail(0, { name: "L'auto - 2024..." })) });
    renderApp('/home?folder=arch&asset=a0');
    await screen.findByRole('dialog', { name: 'Foto rossa.jpg' });
    await screen.findByText('Risoluzione di stampa');
    const dialog = within(screen.getByRole('dialog', { name: 'Foto rossa.jpg' }));
    const user = userEvent.setup();
    await user.click(dialog.getByRole('button', { name: 'Rinomina' }));
    const field = dialog.getByRole('textbox', { name: 'Nuovo nome' });

    await user.clear(field);
    await user.type(field, 'Neve ☃ e 🚗');
    await user.click(dialog.getByRole('button', { name: 'Salva' }));
    expect(dialog.getByText('Il nome contiene caratteri che non si possono salvare: ☃ 🚗')).toBeVisible();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    await user.clear(field);
    await user.type(field, 'L’auto – 2024…');
    await user.click(dialog.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ name: "L'auto - 2024..." });
    expect(patch.query.get('lang')).toBe('it');
    expect(patch.query.get('folderId')).toBe('arch');
  });
});

describe.each([
  ['it', 'Tag', 'Prodotti', 'Workflow e metadati', 'Copyright'],
  ['en', 'Tags', 'Products', 'Workflow and metadata', 'Copyright'],
  ['fr', 'Tags', 'Produits', 'Workflow et métadonnées', "Droits d'auteur"],
] as const)(
  'in %s: tags and metadata grouped by classification (SPEC §3)',
  (language, tags, products, workflow, copyright) => {
    it('names each classification and keeps each value in its own group', async () => {
      await i18n.changeLanguage(language);
      hub({
        'GET /api/assets/a0': ok(
          anAssetDetail(0, {
            name: NAMES[language],
            tags: [
              { id: 't1', classificationId: 'vu62a5', label: '500e' },
              { id: 't2', classificationId: 'dmuyud', label: 'Spider' },
              { id: 't3', classificationId: 'dmuyud', label: 'Estate' },
              { id: 't4', classificationId: 'ggdyqo', label: 'wf-accepted' },
            ],
            metadata: [
              { classificationId: 'ggdyqo', key: 'vendor-code', value: 'X1', type: 'string' },
              { classificationId: 'joc5rg', key: 'licence-ref', value: 'L-7', type: 'string' },
            ],
          }),
        ),
      });
      renderApp('/home?folder=arch&asset=a0');
      const info = within(await screen.findByRole('dialog', { name: `${NAMES[language]}.jpg` }));
      const group = async (name: string) =>
        (await info.findByRole('list', { name })).querySelectorAll('[role="listitem"]');
      expect([...(await group(tags))].map((b) => b.textContent)).toEqual(['Spider', 'Estate']);
      expect([...(await group(products))].map((b) => b.textContent)).toEqual(['500e']);
      expect([...(await group(workflow))].map((b) => b.textContent)).toEqual(['wf-accepted']);
      // Two classifications of metadata: each is named above its own values, copyright first.
      const headings = info.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
      expect(headings).toEqual([copyright, workflow]);
      const copyrightGroup = within(info.getByRole('heading', { level: 4, name: copyright }).parentElement!);
      expect(copyrightGroup.getByText('licence-ref').nextSibling).toHaveTextContent('L-7');
      expect(copyrightGroup.queryByText('vendor-code')).toBeNull();
    });
  },
);
