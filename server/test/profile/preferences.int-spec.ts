import { HubPrismaService } from '../../src/database/hub-prisma.service';
import { ProfileService } from '../../src/profile/profile.service';
import { startTestApp, type TestApp } from '../support/test-app';

/** User preferences against real PostgreSQL: stored per user, merged field by field. */
describe('user preferences (PostgreSQL)', () => {
  let t: TestApp;
  let profile: ProfileService;
  let prisma: HubPrismaService;
  beforeAll(async () => {
    t = await startTestApp();
    profile = t.app.get(ProfileService);
    prisma = t.app.get(HubPrismaService);
  });
  afterAll(() => t.close());

  it('are {} before anything is saved', async () => {
    expect(await profile.preferences('mario.rossi')).toEqual({});
  });

  it('merge each save into what is stored and answer the stored object', async () => {
    expect(await profile.savePreferences('mario.rossi', { language: 'en' })).toEqual({ language: 'en' });
    expect(await profile.savePreferences('mario.rossi', { viewMode: 'list', pageSize: 50 })).toEqual({
      language: 'en',
      viewMode: 'list',
      pageSize: 50,
    });
    expect(await profile.savePreferences('mario.rossi', { language: 'fr' })).toEqual({
      language: 'fr',
      viewMode: 'list',
      pageSize: 50,
    });
    expect(await profile.preferences('mario.rossi')).toEqual({
      language: 'fr',
      viewMode: 'list',
      pageSize: 50,
    });
    const row = await prisma.userPreferences.findUnique({ where: { username: 'mario.rossi' } });
    expect(row?.preferences).toEqual({ language: 'fr', viewMode: 'list', pageSize: 50 });
  });

  it('keep the grid’s tile size until it is reset', async () => {
    expect(await profile.savePreferences('mario.rossi', { tileSize: 'small' })).toEqual({
      language: 'fr',
      viewMode: 'list',
      pageSize: 50,
      tileSize: 'small',
    });
    expect((await profile.preferences('mario.rossi')).tileSize).toBe('small');
    expect(await profile.savePreferences('mario.rossi', { tileSize: null })).not.toHaveProperty('tileSize');
  });

  it('remove a field saved as null and keep the others', async () => {
    expect(await profile.savePreferences('mario.rossi', { pageSize: null })).toEqual({
      language: 'fr',
      viewMode: 'list',
    });
  });

  it('replace the recent recipients as a whole, each address once', async () => {
    await profile.savePreferences('mario.rossi', { recentRecipients: ['a@example.com', 'b@example.com'] });
    const saved = await profile.savePreferences('mario.rossi', {
      recentRecipients: ['c@example.com', 'A@example.com', 'c@example.com'],
    });
    expect(saved.recentRecipients).toEqual(['c@example.com', 'A@example.com']);
  });

  it('are per user', async () => {
    expect(await profile.preferences('anna.bianchi')).toEqual({});
  });

  it('lose no field when saves of different fields race', async () => {
    await Promise.all([
      profile.savePreferences('luca.verdi', { language: 'it' }),
      profile.savePreferences('luca.verdi', { viewMode: 'grid' }),
      profile.savePreferences('luca.verdi', { pageSize: 100 }),
      profile.savePreferences('luca.verdi', { recentRecipients: ['x@example.com'] }),
    ]);
    expect(await profile.preferences('luca.verdi')).toEqual({
      language: 'it',
      viewMode: 'grid',
      pageSize: 100,
      recentRecipients: ['x@example.com'],
    });
  });
});
