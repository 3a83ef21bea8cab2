import { DomainError } from '../../src/common/domain-error';
import { createApp } from '../../src/app.factory';
import { HubPrismaService } from '../../src/database/hub-prisma.service';
import { ProfileService } from '../../src/profile/profile.service';
import type { DisclaimerInput, DisclaimerTexts } from '../../src/profile/profile.types';
import { startTestApp, type TestApp } from '../support/test-app';

const texts = (version: string): DisclaimerTexts => ({
  it: { title: `Condizioni v${version}`, body: 'Testo', acceptLabel: 'Accetto', closeLabel: 'Chiudi' },
  en: { title: `Terms v${version}`, body: 'Text', acceptLabel: 'I accept', closeLabel: 'Close' },
  fr: { title: `Conditions v${version}`, body: 'Texte', acceptLabel: "J'accepte", closeLabel: 'Fermer' },
});
const v1: DisclaimerInput = { id: 'disclaimer-v1', version: '1', texts: texts('1') };
const v2: DisclaimerInput = { id: 'disclaimer-v2', version: '2', texts: texts('2') };

async function failureOf(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a DomainError');
}

/** Disclaimer state against real PostgreSQL (SPEC §2 disclaimer dialog, §4 disclaimer state). */
describe('disclaimer acceptance (PostgreSQL)', () => {
  let t: TestApp;
  let profile: ProfileService;
  let prisma: HubPrismaService;
  beforeAll(async () => {
    t = await startTestApp();
    profile = t.app.get(ProfileService);
    prisma = t.app.get(HubPrismaService);
  });
  afterAll(() => t.close());

  const acceptanceRows = (username: string) =>
    prisma.disclaimerAcceptance.findMany({ where: { username }, orderBy: { disclaimerId: 'asc' } });

  it('counts as accepted and has no text while no disclaimer exists', async () => {
    expect(await profile.isDisclaimerAccepted('mario.rossi')).toBe(true);
    expect(await failureOf(profile.currentDisclaimer())).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
  });

  it('publishes a disclaimer idempotently and reads its texts back', async () => {
    const first = await profile.upsertDisclaimer(v1);
    const again = await profile.upsertDisclaimer(v1);
    expect(again).toEqual(first);
    expect(await prisma.disclaimer.count()).toBe(1);
    expect(await profile.currentDisclaimer()).toMatchObject({
      id: 'disclaimer-v1',
      version: '1',
      texts: v1.texts,
    });
  });

  it('is not accepted, then accepted after the user accepts it', async () => {
    expect(await profile.isDisclaimerAccepted('mario.rossi')).toBe(false);
    await profile.acceptDisclaimer('mario.rossi', 'disclaimer-v1');
    expect(await profile.isDisclaimerAccepted('mario.rossi')).toBe(true);
    expect(await profile.isDisclaimerAccepted('anna.bianchi')).toBe(false);
  });

  it('accepting again changes nothing', async () => {
    const [before] = await acceptanceRows('mario.rossi');
    await profile.acceptDisclaimer('mario.rossi', 'disclaimer-v1');
    expect(await acceptanceRows('mario.rossi')).toEqual([before]);
  });

  it('keeps the acceptance in the database: another api process over the same database sees it', async () => {
    const replica = await createApp(t.config);
    await replica.init();
    try {
      expect(await replica.get(ProfileService).isDisclaimerAccepted('mario.rossi')).toBe(true);
    } finally {
      await replica.close();
    }
  });

  it('refuses an unknown disclaimer with NOT_FOUND and stores nothing', async () => {
    expect(await failureOf(profile.acceptDisclaimer('anna.bianchi', 'disclaimer-v9'))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await acceptanceRows('anna.bianchi')).toEqual([]);
  });

  it('asks again when a new version is published, and refuses the old one', async () => {
    await profile.upsertDisclaimer(v2);
    expect((await profile.currentDisclaimer()).id).toBe('disclaimer-v2');
    expect(await profile.isDisclaimerAccepted('mario.rossi')).toBe(false);

    const refused = await failureOf(profile.acceptDisclaimer('anna.bianchi', 'disclaimer-v1'));
    expect(refused).toMatchObject({
      code: 'DISCLAIMER_NOT_CURRENT',
      status: 400,
      details: { disclaimerId: 'disclaimer-v1', currentDisclaimerId: 'disclaimer-v2' },
    });
    expect(await acceptanceRows('anna.bianchi')).toEqual([]);

    await profile.acceptDisclaimer('mario.rossi', 'disclaimer-v2');
    expect(await profile.isDisclaimerAccepted('mario.rossi')).toBe(true);
    expect((await acceptanceRows('mario.rossi')).map((r) => r.disclaimerId)).toEqual([
      'disclaimer-v1',
      'disclaimer-v2',
    ]);
  });

  it('falls back to the previous version when the newest is deactivated', async () => {
    await profile.upsertDisclaimer({ ...v2, active: false });
    expect((await profile.currentDisclaimer()).id).toBe('disclaimer-v1');
    expect(await failureOf(profile.acceptDisclaimer('anna.bianchi', 'disclaimer-v2'))).toMatchObject({
      code: 'DISCLAIMER_NOT_CURRENT',
    });
    await profile.upsertDisclaimer(v2);
  });

  it('refuses to change the version of a published disclaimer', async () => {
    const error = await failureOf(profile.upsertDisclaimer({ ...v1, version: '1.1' }));
    expect(error).toMatchObject({ code: 'DISCLAIMER_VERSION_IMMUTABLE', status: 409 });
    expect(await prisma.disclaimer.findUnique({ where: { id: 'disclaimer-v1' } })).toMatchObject({
      version: '1',
    });
  });

  it('answers 401 on every profile route without a session', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const res of [
      await fetch(`${t.url}/api/profile/check-disclaimer`),
      await fetch(`${t.url}/api/profile/get-disclaimer`),
      await post('/api/profile/save-disclaimer-acceptance/disclaimer-v2', { accepted: true }),
      await fetch(`${t.url}/api/profile/user-preferences`),
      await post('/api/profile/user-preferences', { language: 'en' }),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    expect(await acceptanceRows('anna.bianchi')).toEqual([]);
  });
});
