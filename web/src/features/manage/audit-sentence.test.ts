import { E_CODES, type AuditRecordSummary, type JobStory } from '@paddock/rules';
import { i18n } from '../../i18n/i18n';
import { auditSentence, errorText, jobSentence } from './audit-sentence';

/** A story with nothing in it: each case adds what its job names. */
function aStory(job: string, overrides: Partial<JobStory> = {}): JobStory {
  return {
    job,
    assets: null,
    folder: null,
    targets: [],
    tags: { added: [], removed: [] },
    metadata: { set: [], removed: [] },
    share: null,
    version: null,
    counts: {},
    state: null,
    ...overrides,
  };
}

const three = { total: 5, ids: ['c-12', 'c-13', 'v-2'], names: ['Foto 12', 'Foto 13', 'Video 2'] };
const tell = (lang: string, actor: string, story: JobStory) =>
  jobSentence(i18n.getFixedT(lang), lang, actor, story);
const en = (story: JobStory, actor = 'mario.rossi') => tell('en', actor, story);

describe('a job as a sentence with names', () => {
  const tagsBulk = aStory('tags-bulk', {
    assets: three,
    folder: 'Enrichment',
    tags: { added: ['Exterior', 'Event'], removed: [] },
    metadata: {
      set: [{ key: 'typology', label: 'Typology' }],
      removed: [{ key: 'x-custom', label: 'Custom' }],
    },
    counts: { total: 5, done: 4, unchanged: 0, junk: 0, failed: 1, providerCalls: 3 },
  });

  it('tells a bulk tag job in English, Italian and French: names, translated labels, plural counts', () => {
    expect(en(tagsBulk)).toBe(
      'mario.rossi changed the tags of 5 assets (“Foto 12”, “Foto 13”, “Video 2”, and 2 more) in Enrichment: ' +
        'tags added: Exterior and Event; value set: Type; value removed: Custom — 4 of 5 done, 1 failed',
    );
    const it = { ...tagsBulk, folder: 'Arricchimento', tags: { added: ['Esterni', 'Evento'], removed: [] } };
    expect(tell('it', 'mario.rossi', it)).toBe(
      'mario.rossi ha cambiato i tag di 5 asset («Foto 12», «Foto 13», «Video 2» e altri 2) in Arricchimento: ' +
        'tag aggiunti: Esterni e Evento; valore impostato: Tipologia; valore rimosso: Custom — 4 su 5 fatti, 1 non riuscito',
    );
    const fr = {
      ...tagsBulk,
      folder: 'Enrichissement',
      tags: { added: ['Extérieur', 'Événement'], removed: [] },
    };
    expect(tell('fr', 'mario.rossi', fr)).toBe(
      'mario.rossi a modifié les tags de 5 contenus (« Foto 12 », « Foto 13 », « Video 2 » et 2 autres) dans Enrichissement : ' +
        'tags ajoutés : Extérieur et Événement ; valeur définie : Typologie ; valeur supprimée : Custom — 4 sur 5 faits, 1 en échec',
    );
  });

  it('tells an enrichment of one asset by its name alone, and what it set', () => {
    const story = aStory('enrichment', {
      assets: { total: 1, ids: ['c-12'], names: ['Foto 12'] },
      folder: 'Enrichment',
      metadata: {
        set: [
          { key: 'utilizzo', label: null },
          { key: 'authorinfo', label: null },
        ],
        removed: [],
      },
      counts: { total: 1, done: 1, unchanged: 0, junk: 0, failed: 0 },
    });
    expect(en(story)).toBe(
      `mario.rossi enriched “Foto 12” in Enrichment: values set: Usage and ${i18n.getFixedT('en')('metadataKeys.authorinfo')} — 1 of 1 done`,
    );
  });

  it('tells an e-mail share with its name and recipients, a link share without them', () => {
    const email = aStory('external-share', {
      assets: { total: 2, ids: ['c-12', 'c-gone'], names: ['Foto 12', null] },
      share: {
        name: 'Spring campaign',
        type: 'email',
        recipients: ['press@example.com', 'agency@example.com'],
      },
      counts: { sent: 2 },
    });
    expect(en(email)).toBe(
      'mario.rossi sent 2 assets (“Foto 12” and an asset no longer visible) by e-mail as “Spring campaign” ' +
        'to press@example.com and agency@example.com — 2 invitations sent',
    );
    const link = aStory('external-share', {
      assets: { total: 1, ids: ['c-12'], names: ['Foto 12'] },
      share: { name: 'Press kit', type: 'link', recipients: [] },
      counts: { sent: 0 },
    });
    expect(en(link)).toBe('mario.rossi shared “Foto 12” by link as “Press kit”');
    expect(tell('it', 'mario.rossi', link)).toBe(
      'mario.rossi ha condiviso «Foto 12» con un link come «Press kit»',
    );
  });

  it('tells an internal share and a folder publish by folder names', () => {
    const internal = aStory('internal-share', {
      assets: { total: 3, ids: ['c-1', 'c-2', 'c-3'], names: [null, null, null] },
      folder: 'Department archive',
      targets: ['Channels', null],
      counts: { total: 3, done: 3, unchanged: 0, junk: 0, failed: 0 },
    });
    expect(en(internal)).toBe(
      'mario.rossi shared 3 assets from Department archive into Channels and a folder no longer visible — 3 of 3 done',
    );
    expect(en(aStory('folder-publish', { folder: 'Press 2026', counts: { total: 9, changed: 1 } }))).toBe(
      'mario.rossi published the folder Press 2026 — 1 asset of 9 published',
    );
    expect(
      tell(
        'fr',
        'mario.rossi',
        aStory('folder-unpublish', { folder: 'Presse 2026', counts: { total: 9, changed: 9 } }),
      ),
    ).toBe('mario.rossi a dépublié le dossier Presse 2026 — 9 contenus sur 9 dépubliés');
  });

  it('tells the schedules’ clean-ups by their counts, the schedule named as such', () => {
    expect(en(aStory('purge-junk', { counts: { trashed: 2, kept: 5, failed: 0 } }), 'system')).toBe(
      'The schedule deleted for good what had been in the junk over 30 days — 2 assets deleted, 5 kept',
    );
    expect(en(aStory('purge-junk', { counts: { trashed: 0, kept: 0, failed: 0, held: 3 } }), 'system')).toBe(
      'The schedule deleted for good what had been in the junk over 30 days — 0 assets deleted, 3 kept by a legal hold',
    );
    expect(tell('it', 'system', aStory('purge-expired-sessions', { counts: { deleted: 1 } }))).toBe(
      'La pianificazione ha rimosso le sessioni scadute — 1 sessione rimossa',
    );
    expect(en(aStory('purge-expired-uploads', { counts: { removed: 0, kept: 2 } }), 'system')).toBe(
      'The schedule removed the uploads left unfinished — 0 removed, 2 still in time',
    );
    expect(en(aStory('purge-incoming-orphans', { counts: { removed: 3, kept: 0 } }), 'system')).toBe(
      'The schedule removed the files of uploads the provider never used — 3 removed',
    );
    expect(en(aStory('expire-external-shares', { counts: { expired: 4 } }), 'system')).toBe(
      'The schedule closed the external shares past their validity — 4 shares expired',
    );
  });

  it('tells a previews job by its asset and version, and how it ended', () => {
    const previews = aStory('make-derivatives', {
      assets: { total: 1, ids: ['v-30'], names: ['Spot 30s'] },
      version: 2,
      state: 'READY',
    });
    expect(en(previews)).toBe(
      'mario.rossi uploaded “Spot 30s”, version 2: making its previews — previews ready',
    );
    expect(en({ ...previews, state: null })).toBe(
      'mario.rossi uploaded “Spot 30s”, version 2: making its previews',
    );
  });

  it('tells a workflow job from where to where, while it runs and once done', () => {
    const move = aStory('workflow-move', {
      assets: three,
      folder: 'Enrichment',
      targets: ['Department archive'],
    });
    expect(en(move)).toBe(
      'mario.rossi moved 5 assets (“Foto 12”, “Foto 13”, “Video 2”, and 2 more) from Enrichment to Department archive',
    );
    expect(en({ ...move, counts: { total: 5, done: 3, unchanged: 0, junk: 2, failed: 0 } })).toMatch(
      / — 3 of 5 done, 2 sent to the junk$/,
    );
  });
});

describe('an audit row as a sentence', () => {
  const row = (overrides: Partial<AuditRecordSummary>): AuditRecordSummary => ({
    id: '1',
    at: '2026-11-20T10:00:00.000Z',
    actor: 'mario.rossi',
    actorName: 'mario.rossi',
    action: 'tags-bulk',
    jobId: 'job-1',
    assetId: 'c-1',
    fromFolderId: 'f-1',
    toFolderId: null,
    outcome: 'success',
    errorCode: null,
    assetName: 'Foto 12',
    fromFolderName: 'Enrichment',
    toFolderName: null,
    story: null,
    ...overrides,
  });
  const t = i18n.getFixedT('en');

  it('names the person by name, the username when the directory has none', () => {
    expect(auditSentence(t, 'it', row({ actorName: 'Mario Rossi' }))).toMatch(/^Mario Rossi /);
    expect(auditSentence(t, 'fr', row({ actorName: 'Mario Rossi' }))).toMatch(/^Mario Rossi /);
    expect(auditSentence(t, 'en', row({ actor: 'system', actorName: 'system' }))).not.toMatch(/^system /);
  });

  it('names the asset of a per-asset row, never its id', () => {
    expect(auditSentence(t, 'en', row({}))).toBe('mario.rossi changed the tags of “Foto 12” in Enrichment');
    expect(auditSentence(t, 'en', row({ assetName: null }))).toBe(
      'mario.rossi changed the tags of an asset no longer visible in Enrichment',
    );
  });

  it('tells a job’s own row as the job, and an administrator’s retry by the job’s name', () => {
    const story = aStory('folder-publish', { folder: 'Press 2026', counts: { total: 2, changed: 2 } });
    expect(auditSentence(t, 'en', row({ action: 'folder-publish', assetId: null, story }))).toBe(
      'mario.rossi published the folder Press 2026 — 2 assets of 2 published',
    );
    expect(
      auditSentence(
        t,
        'en',
        row({ action: 'job-retry', actor: 'admin', actorName: 'admin', assetId: null, story }),
      ),
    ).toBe('admin: Job retried (Publish folder)');
  });

  it('gives an error code its message in the reader’s language, the code when it has none', () => {
    expect(errorText(t, E_CODES.ACCEPT_LINK_FAILED)).toBe(i18n.getFixedT('en')('workflow.errors.E046'));
    expect(errorText(i18n.getFixedT('fr'), 'NOT_FOUND')).toBe(
      "Le contenu n'existe plus ou n'est pas visible.",
    );
    expect(errorText(t, 'E999')).toBe('The operation could not be performed (E999).');
  });
});
