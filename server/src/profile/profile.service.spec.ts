import { DomainError } from '../common/domain-error';
import { ProfileService, type ProfileStore } from './profile.service';
import type { CurrentDisclaimerAcceptance, UpsertDisclaimerOutcome } from './profile.repository';
import type {
  Disclaimer,
  DisclaimerInput,
  DisclaimerTexts,
  UserPreferences,
  UserPreferencesPatch,
} from './profile.types';

const texts = (tag = ''): DisclaimerTexts => ({
  it: { title: `Condizioni${tag}`, body: `Testo${tag}`, acceptLabel: 'Accetto', closeLabel: 'Chiudi' },
  en: { title: `Terms${tag}`, body: `Text${tag}`, acceptLabel: 'I accept', closeLabel: 'Close' },
  fr: { title: `Conditions${tag}`, body: `Texte${tag}`, acceptLabel: "J'accepte", closeLabel: 'Fermer' },
});

let clock = Date.parse('2026-01-01T00:00:00Z');
function aDisclaimer(overrides: Partial<Disclaimer> = {}): Disclaimer {
  clock += 1000;
  return {
    id: `d-${clock}`,
    version: '1',
    texts: texts(),
    active: true,
    createdAt: new Date(clock),
    ...overrides,
  };
}

/** An in-memory profile store with the repository's semantics. */
class FakeProfileRepository implements ProfileStore {
  disclaimers: Disclaimer[] = [];
  acceptances: { username: string; disclaimerId: string }[] = [];
  stored = new Map<string, UserPreferences>();
  vanishOnAccept = false;

  private current(): Disclaimer | null {
    const active = this.disclaimers.filter((d) => d.active);
    active.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
    return active[0] ?? null;
  }

  async findCurrentDisclaimer() {
    return this.current();
  }

  async findDisclaimer(id: string) {
    return this.disclaimers.find((d) => d.id === id) ?? null;
  }

  async currentDisclaimerAcceptance(username: string): Promise<CurrentDisclaimerAcceptance | null> {
    const current = this.current();
    if (!current) return null;
    const accepted = this.acceptances.some((a) => a.username === username && a.disclaimerId === current.id);
    return { disclaimerId: current.id, accepted };
  }

  async recordAcceptance(username: string, disclaimerId: string) {
    if (this.vanishOnAccept) return false;
    if (!this.acceptances.some((a) => a.username === username && a.disclaimerId === disclaimerId))
      this.acceptances.push({ username, disclaimerId });
    return true;
  }

  async upsertDisclaimer(input: DisclaimerInput): Promise<UpsertDisclaimerOutcome> {
    const stored = this.disclaimers.find((d) => d.id === input.id);
    if (stored && stored.version !== input.version)
      return { outcome: 'version-conflict', storedVersion: stored.version };
    if (stored) {
      Object.assign(stored, { texts: input.texts, active: input.active ?? true });
      return { outcome: 'updated', disclaimer: stored };
    }
    const created = aDisclaimer({
      id: input.id,
      version: input.version,
      texts: input.texts,
      active: input.active ?? true,
    });
    this.disclaimers.push(created);
    return { outcome: 'created', disclaimer: created };
  }

  async findPreferences(username: string) {
    return { ...this.stored.get(username) };
  }

  merged: UserPreferencesPatch[] = [];
  async mergePreferences(username: string, patch: UserPreferencesPatch) {
    this.merged.push(patch);
    const next: Record<string, unknown> = { ...this.stored.get(username), ...patch };
    for (const key of Object.keys(next)) if (next[key] === null) delete next[key];
    this.stored.set(username, next);
    return { ...next };
  }
}

async function failureOf(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a DomainError');
}

describe('ProfileService', () => {
  let repo: FakeProfileRepository;
  let service: ProfileService;
  beforeEach(() => {
    repo = new FakeProfileRepository();
    service = new ProfileService(repo);
  });

  describe('disclaimer acceptance', () => {
    it('counts as accepted when no disclaimer is active', async () => {
      expect(await service.isDisclaimerAccepted('mario')).toBe(true);
      repo.disclaimers.push(aDisclaimer({ active: false }));
      expect(await service.isDisclaimerAccepted('mario')).toBe(true);
    });

    it('is not accepted, then accepted once the user accepts the current disclaimer', async () => {
      const d = aDisclaimer();
      repo.disclaimers.push(d);
      expect(await service.isDisclaimerAccepted('mario')).toBe(false);
      await service.acceptDisclaimer('mario', d.id);
      expect(await service.isDisclaimerAccepted('mario')).toBe(true);
      expect(await service.isDisclaimerAccepted('luigi')).toBe(false);
    });

    it('asks again when a newer version becomes active', async () => {
      const v1 = aDisclaimer({ version: '1' });
      repo.disclaimers.push(v1);
      await service.acceptDisclaimer('mario', v1.id);
      repo.disclaimers.push(aDisclaimer({ version: '2' }));
      expect(await service.isDisclaimerAccepted('mario')).toBe(false);
    });

    it('ignores a newer disclaimer that is inactive', async () => {
      const v1 = aDisclaimer();
      repo.disclaimers.push(v1);
      await service.acceptDisclaimer('mario', v1.id);
      repo.disclaimers.push(aDisclaimer({ version: '2', active: false }));
      expect(await service.isDisclaimerAccepted('mario')).toBe(true);
    });

    it('is idempotent', async () => {
      const d = aDisclaimer();
      repo.disclaimers.push(d);
      await service.acceptDisclaimer('mario', d.id);
      await service.acceptDisclaimer('mario', d.id);
      expect(repo.acceptances).toEqual([{ username: 'mario', disclaimerId: d.id }]);
    });

    it('refuses an unknown disclaimer with NOT_FOUND and stores nothing', async () => {
      repo.disclaimers.push(aDisclaimer());
      const error = await failureOf(service.acceptDisclaimer('mario', 'nope'));
      expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
      expect(repo.acceptances).toEqual([]);
    });

    it('refuses a superseded or inactive disclaimer with DISCLAIMER_NOT_CURRENT and stores nothing', async () => {
      const old = aDisclaimer({ version: '1' });
      const inactive = aDisclaimer({ version: '3', active: false });
      const current = aDisclaimer({ version: '2' });
      repo.disclaimers.push(old, inactive, current);
      for (const id of [old.id, inactive.id]) {
        const error = await failureOf(service.acceptDisclaimer('mario', id));
        expect(error).toMatchObject({
          code: 'DISCLAIMER_NOT_CURRENT',
          status: 400,
          details: { disclaimerId: id, currentDisclaimerId: current.id },
        });
      }
      expect(repo.acceptances).toEqual([]);
    });

    it('refuses when no disclaimer is active at all', async () => {
      const inactive = aDisclaimer({ active: false });
      repo.disclaimers.push(inactive);
      const error = await failureOf(service.acceptDisclaimer('mario', inactive.id));
      expect(error).toMatchObject({ code: 'DISCLAIMER_NOT_CURRENT', details: { currentDisclaimerId: null } });
    });

    it('answers NOT_FOUND when the disclaimer vanishes while accepting', async () => {
      const d = aDisclaimer();
      repo.disclaimers.push(d);
      repo.vanishOnAccept = true;
      expect(await failureOf(service.acceptDisclaimer('mario', d.id))).toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('current disclaimer', () => {
    it('is the latest active one', async () => {
      const a = aDisclaimer({ version: '1' });
      const b = aDisclaimer({ version: '2' });
      const c = aDisclaimer({ version: '3', active: false });
      repo.disclaimers.push(b, c, a);
      expect(await service.currentDisclaimer()).toEqual(b);
    });

    it('is NOT_FOUND when none is active', async () => {
      expect(await failureOf(service.currentDisclaimer())).toMatchObject({
        code: 'NOT_FOUND',
        status: 404,
      });
    });
  });

  describe('upsertDisclaimer', () => {
    const input: DisclaimerInput = { id: 'disclaimer-v1', version: '1', texts: texts() };

    it('creates once and is idempotent', async () => {
      const first = await service.upsertDisclaimer(input);
      const second = await service.upsertDisclaimer(input);
      expect(second).toEqual(first);
      expect(repo.disclaimers).toHaveLength(1);
      expect(first).toMatchObject({ id: 'disclaimer-v1', version: '1', active: true });
    });

    it('updates the texts of the same version', async () => {
      await service.upsertDisclaimer(input);
      const updated = await service.upsertDisclaimer({ ...input, texts: texts(' (rev)') });
      expect(updated.texts.en.title).toBe('Terms (rev)');
    });

    it('refuses a different version under the same id', async () => {
      await service.upsertDisclaimer(input);
      const error = await failureOf(service.upsertDisclaimer({ ...input, version: '2' }));
      expect(error).toMatchObject({ code: 'DISCLAIMER_VERSION_IMMUTABLE', status: 409 });
      expect(repo.disclaimers[0]?.version).toBe('1');
    });

    it('refuses missing languages, an empty version and a bad id, naming each problem', async () => {
      const { fr: _fr, ...withoutFrench } = texts();
      const error = await failureOf(
        service.upsertDisclaimer({
          id: 'bad id/',
          version: ' ',
          texts: { ...withoutFrench, en: { ...texts().en, body: '' } } as DisclaimerTexts,
        }),
      );
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
      expect(error.details).toEqual([
        expect.stringContaining('id must match'),
        'version must not be empty',
        expect.stringContaining('texts.en'),
        expect.stringContaining('texts.fr'),
      ]);
      expect(repo.disclaimers).toEqual([]);
    });
  });

  describe('preferences', () => {
    it('are empty by default', async () => {
      expect(await service.preferences('mario')).toEqual({});
    });

    it('merge the given fields into the stored ones and drop omitted ones from the patch', async () => {
      await service.savePreferences('mario', { language: 'en', pageSize: 50 });
      const saved = await service.savePreferences('mario', { viewMode: 'list', language: undefined });
      expect(saved).toEqual({ language: 'en', pageSize: 50, viewMode: 'list' });
      expect(repo.merged[1]).toEqual({ viewMode: 'list' });
    });

    it('remove a field given as null', async () => {
      await service.savePreferences('mario', { language: 'fr', viewMode: 'grid' });
      expect(await service.savePreferences('mario', { language: null })).toEqual({ viewMode: 'grid' });
    });

    it('keep each recent recipient once, most recent first, trimmed', async () => {
      const saved = await service.savePreferences('mario', {
        recentRecipients: [' anna@example.com', 'bob@example.com', 'Anna@Example.com', 'bob@example.com '],
      });
      expect(saved.recentRecipients).toEqual(['anna@example.com', 'bob@example.com']);
    });
  });
});
