import { BadRequestException, type ArgumentMetadata } from '@nestjs/common';
import { RequestValidationPipe } from '../common/request-validation.pipe';
import { DisclaimerIdParams, SaveDisclaimerAcceptanceDto, UserPreferencesDto } from './profile.dto';

/** The app's global pipe (app.factory.ts). */
const pipe = new RequestValidationPipe();

async function validate(
  metatype: ArgumentMetadata['metatype'],
  value: unknown,
  type: ArgumentMetadata['type'] = 'body',
) {
  return pipe.transform(value, { type, metatype });
}

async function problemsOf(
  metatype: ArgumentMetadata['metatype'],
  value: unknown,
  type: ArgumentMetadata['type'] = 'body',
) {
  try {
    await validate(metatype, value, type);
  } catch (e) {
    if (e instanceof BadRequestException) return (e.getResponse() as { message: string[] }).message;
    throw e;
  }
  throw new Error(`expected ${JSON.stringify(value)} to be refused`);
}

describe('SaveDisclaimerAcceptanceDto', () => {
  it('accepts {accepted: true}', async () => {
    expect(await validate(SaveDisclaimerAcceptanceDto, { accepted: true })).toEqual({ accepted: true });
  });

  it.each([{}, { accepted: false }, { accepted: 'true' }, { accepted: 1 }, { accepted: true, extra: 1 }])(
    'refuses %j',
    async (body) => {
      expect((await problemsOf(SaveDisclaimerAcceptanceDto, body)).length).toBeGreaterThan(0);
    },
  );
});

describe('DisclaimerIdParams', () => {
  it('accepts a plain id and refuses anything else', async () => {
    expect(await validate(DisclaimerIdParams, { disclaimerId: 'disclaimer-v1' }, 'param')).toEqual({
      disclaimerId: 'disclaimer-v1',
    });
    expect(await problemsOf(DisclaimerIdParams, { disclaimerId: 'a b' }, 'param')).toEqual([
      'disclaimerId is not a disclaimer id',
    ]);
    expect(await problemsOf(DisclaimerIdParams, { disclaimerId: 'x'.repeat(101) }, 'param')).toHaveLength(1);
  });
});

describe('UserPreferencesDto', () => {
  it('accepts every field at its limits, and nothing at all', async () => {
    const full = {
      language: 'fr',
      viewMode: 'list',
      tileSize: 'large',
      pageSize: 200,
      recentRecipients: Array.from({ length: 10 }, (_, i) => `user${i}@example.com`),
      rejectionMail: true,
    };
    expect(await validate(UserPreferencesDto, full)).toEqual(full);
    expect(await validate(UserPreferencesDto, { pageSize: 10 })).toEqual({ pageSize: 10 });
    expect(await validate(UserPreferencesDto, {})).toEqual({});
  });

  it('accepts null to reset a field', async () => {
    expect(await validate(UserPreferencesDto, { language: null, recentRecipients: null })).toEqual({
      language: null,
      recentRecipients: null,
    });
  });

  it.each([
    [{ language: 'de' }, 'language'],
    [{ viewMode: 'table' }, 'viewMode'],
    [{ tileSize: 'huge' }, 'tileSize'],
    [{ tileSize: 2 }, 'tileSize'],
    [{ pageSize: 9 }, 'pageSize'],
    [{ pageSize: 201 }, 'pageSize'],
    [{ pageSize: 20.5 }, 'pageSize'],
    [{ pageSize: '20' }, 'pageSize'],
    [{ recentRecipients: 'a@example.com' }, 'recentRecipients'],
    [{ recentRecipients: ['not-an-address'] }, 'recentRecipients'],
    [{ recentRecipients: Array.from({ length: 11 }, (_, i) => `u${i}@example.com`) }, 'recentRecipients'],
    [{ rejectionMail: 'yes' }, 'rejectionMail'],
    [{ theme: 'dark' }, 'theme'],
  ])('refuses %j, naming %s', async (body, field) => {
    const problems = await problemsOf(UserPreferencesDto, body);
    expect(problems.join('\n')).toContain(field);
  });
});
