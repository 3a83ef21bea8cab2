import type { ErrorBody } from '@paddock/rules';
import { HubPrismaService } from '../../src/database/hub-prisma.service';
import type { DisclaimerResponse } from '../../src/profile/profile.dto';
import { ProfileService } from '../../src/profile/profile.service';
import type { DisclaimerTexts, UserPreferences } from '../../src/profile/profile.types';
import { startTestApp, type TestApp } from '../support/test-app';
import { seedPeople, signIn } from './http-session';

const texts = (version: string): DisclaimerTexts => ({
  it: { title: `Condizioni v${version}`, body: 'Testo', acceptLabel: 'Accetto', closeLabel: 'Chiudi' },
  en: { title: `Terms v${version}`, body: 'Text', acceptLabel: 'I accept', closeLabel: 'Close' },
  fr: { title: `Conditions v${version}`, body: 'Texte', acceptLabel: "J'accepte", closeLabel: 'Fermer' },
});

/** SPEC §7 profile calls over HTTP with a real sign-in (cookie + CSRF, and the header contract). */
describe('profile API over HTTP', () => {
  let t: TestApp;
  let acceptances: () => Promise<{ username: string; disclaimerId: string }[]>;
  beforeAll(async () => {
    t = await startTestApp();
    await seedPeople(t, [
      { username: 'mario.rossi', firstName: 'Mario', lastName: 'Rossi' },
      { username: 'anna.bianchi', firstName: 'Anna', lastName: 'Bianchi' },
    ]);
    await t.app
      .get(ProfileService)
      .upsertDisclaimer({ id: 'disclaimer-v1', version: '1', texts: texts('1') });
    const prisma = t.app.get(HubPrismaService);
    acceptances = () =>
      prisma.disclaimerAcceptance.findMany({
        select: { username: true, disclaimerId: true },
        orderBy: [{ username: 'asc' }, { disclaimerId: 'asc' }],
      });
  });
  afterAll(() => t.close());

  describe('disclaimer', () => {
    it('is not accepted → accept → accepted', async () => {
      const mario = await signIn(t, 'mario.rossi');
      expect(await mario.get('/api/profile/check-disclaimer')).toEqual({
        status: 200,
        body: { disclaimerAcceptance: false },
      });
      const shown = await mario.get<DisclaimerResponse>('/api/profile/get-disclaimer');
      expect(shown).toEqual({ status: 200, body: { id: 'disclaimer-v1', version: '1', texts: texts('1') } });
      expect(
        await mario.post('/api/profile/save-disclaimer-acceptance/disclaimer-v1', { accepted: true }),
      ).toEqual({ status: 200, body: { disclaimerAcceptance: true } });
      expect((await mario.get('/api/profile/check-disclaimer')).body).toEqual({ disclaimerAcceptance: true });
    });

    it('stays accepted in a new session and through the header contract', async () => {
      const again = await signIn(t, 'mario.rossi');
      expect((await again.get('/api/profile/check-disclaimer')).body).toEqual({ disclaimerAcceptance: true });
      const api = await signIn(t, 'mario.rossi', 'header-contract');
      expect((await api.get('/api/profile/check-disclaimer')).body).toEqual({ disclaimerAcceptance: true });
    });

    it('is per user', async () => {
      const anna = await signIn(t, 'anna.bianchi');
      expect((await anna.get('/api/profile/check-disclaimer')).body).toEqual({ disclaimerAcceptance: false });
    });

    it('refuses an acceptance without the CSRF token, a false one or a malformed id, storing nothing', async () => {
      const anna = await signIn(t, 'anna.bianchi');
      const before = await acceptances();
      const noCsrf = await anna.post<ErrorBody>(
        '/api/profile/save-disclaimer-acceptance/disclaimer-v1',
        { accepted: true },
        { csrf: false },
      );
      expect([noCsrf.status, noCsrf.body.code]).toEqual([403, 'CSRF_MISMATCH']);
      for (const body of [{ accepted: false }, {}, { accepted: true, extra: 1 }]) {
        const res = await anna.post<ErrorBody>('/api/profile/save-disclaimer-acceptance/disclaimer-v1', body);
        expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      }
      const badId = await anna.post<ErrorBody>('/api/profile/save-disclaimer-acceptance/bad%20id', {
        accepted: true,
      });
      expect([badId.status, badId.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      const unknown = await anna.post<ErrorBody>('/api/profile/save-disclaimer-acceptance/disclaimer-v9', {
        accepted: true,
      });
      expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
      expect(await acceptances()).toEqual(before);
    });

    it('asks again for a new version and refuses the old one with DISCLAIMER_NOT_CURRENT', async () => {
      await t.app
        .get(ProfileService)
        .upsertDisclaimer({ id: 'disclaimer-v2', version: '2', texts: texts('2') });
      const mario = await signIn(t, 'mario.rossi');
      expect((await mario.get('/api/profile/check-disclaimer')).body).toEqual({
        disclaimerAcceptance: false,
      });
      expect((await mario.get<DisclaimerResponse>('/api/profile/get-disclaimer')).body.version).toBe('2');

      const anna = await signIn(t, 'anna.bianchi');
      const old = await anna.post<ErrorBody>('/api/profile/save-disclaimer-acceptance/disclaimer-v1', {
        accepted: true,
      });
      expect(old.status).toBe(400);
      expect(old.body).toMatchObject({
        code: 'DISCLAIMER_NOT_CURRENT',
        details: { disclaimerId: 'disclaimer-v1', currentDisclaimerId: 'disclaimer-v2' },
      });
      expect((await acceptances()).filter((a) => a.username === 'anna.bianchi')).toEqual([]);

      const saved = await mario.post('/api/profile/save-disclaimer-acceptance/disclaimer-v2', {
        accepted: true,
      });
      expect(saved).toEqual({ status: 200, body: { disclaimerAcceptance: true } });
      const repeated = await mario.post('/api/profile/save-disclaimer-acceptance/disclaimer-v2', {
        accepted: true,
      });
      expect(repeated).toEqual({ status: 200, body: { disclaimerAcceptance: true } });
      expect((await acceptances()).filter((a) => a.username === 'mario.rossi')).toEqual([
        { username: 'mario.rossi', disclaimerId: 'disclaimer-v1' },
        { username: 'mario.rossi', disclaimerId: 'disclaimer-v2' },
      ]);
    });
  });

  describe('user preferences', () => {
    // The hub answers them only once the current disclaimer is accepted (SPEC §2).
    beforeAll(async () => {
      const anna = await signIn(t, 'anna.bianchi');
      const current = await anna.get<DisclaimerResponse>('/api/profile/get-disclaimer');
      const accepted = await anna.post(`/api/profile/save-disclaimer-acceptance/${current.body.id}`, {
        accepted: true,
      });
      expect(accepted.status).toBe(200);
    });

    it('are {} at first, then validated, merged and answered as stored', async () => {
      const anna = await signIn(t, 'anna.bianchi');
      expect(await anna.get('/api/profile/user-preferences')).toEqual({ status: 200, body: {} });
      expect(await anna.post('/api/profile/user-preferences', { language: 'en' })).toEqual({
        status: 200,
        body: { language: 'en' },
      });
      const merged = await anna.post<UserPreferences>('/api/profile/user-preferences', {
        viewMode: 'list',
        pageSize: 50,
        recentRecipients: ['a@example.com', 'b@example.com'],
      });
      expect(merged).toEqual({
        status: 200,
        body: {
          language: 'en',
          viewMode: 'list',
          pageSize: 50,
          recentRecipients: ['a@example.com', 'b@example.com'],
        },
      });
      const again = await signIn(t, 'anna.bianchi', 'header-contract');
      expect((await again.get('/api/profile/user-preferences')).body).toEqual(merged.body);
    });

    it('refuses unknown or invalid fields with 400 and changes nothing', async () => {
      const anna = await signIn(t, 'anna.bianchi');
      const before = (await anna.get('/api/profile/user-preferences')).body;
      for (const body of [
        { theme: 'dark' },
        { language: 'de' },
        { viewMode: 'table' },
        { pageSize: 5 },
        { pageSize: 201 },
        { recentRecipients: ['not an address'] },
        { recentRecipients: Array.from({ length: 11 }, (_, i) => `u${i}@example.com`) },
        { language: 'it', extra: true },
      ]) {
        const res = await anna.post<ErrorBody>('/api/profile/user-preferences', body);
        expect([JSON.stringify(body), res.status, res.body.code]).toEqual([
          JSON.stringify(body),
          400,
          'VALIDATION_FAILED',
        ]);
      }
      expect((await anna.get('/api/profile/user-preferences')).body).toEqual(before);
    });

    it('takes rejectionMail as a boolean only: anything else is 400 and changes nothing', async () => {
      const anna = await signIn(t, 'anna.bianchi');
      const on = await anna.post<UserPreferences>('/api/profile/user-preferences', { rejectionMail: true });
      expect([on.status, on.body.rejectionMail]).toEqual([200, true]);
      for (const rejectionMail of ['yes', 'true', 1, 0, {}, [true]]) {
        const res = await anna.post<ErrorBody>('/api/profile/user-preferences', { rejectionMail });
        expect([JSON.stringify(rejectionMail), res.status, res.body.code]).toEqual([
          JSON.stringify(rejectionMail),
          400,
          'VALIDATION_FAILED',
        ]);
        expect(JSON.stringify(res.body.details)).toContain('rejectionMail');
      }
      expect((await anna.get('/api/profile/user-preferences')).body).toEqual(on.body);
      // null is the contract's reset (nullable, like every preference): back to the default, off.
      const reset = await anna.post<UserPreferences>('/api/profile/user-preferences', {
        rejectionMail: null,
      });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ ...on.body, rejectionMail: undefined });
    });

    it('reset a field sent as null', async () => {
      const anna = await signIn(t, 'anna.bianchi');
      const res = await anna.post<UserPreferences>('/api/profile/user-preferences', { pageSize: null });
      expect(res.status).toBe(200);
      expect(res.body.pageSize).toBeUndefined();
      expect(res.body.language).toBe('en');
    });
  });
});
