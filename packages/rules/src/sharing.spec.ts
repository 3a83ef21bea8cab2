import { randomInt } from 'node:crypto';
import { SHARE_TEXTS, shareDate, shareText } from './share-texts';
import { HTTP_STATUS_OF_CODE } from './error-status';
import { LIMITS } from './limits';
import {
  SHARE_ERROR_CODES,
  SHARE_EXPIRY_PICK_KEYS,
  SHARE_MAX_VALIDITY_DAYS,
  SHARE_RECIPIENTS_MAX,
  GENERATED_SHARE_PASSWORD_LENGTH,
  defaultShareExpiry,
  generateSharePassword,
  isStrongSharePassword,
  isValidEmail,
  isValidShareExpiry,
  shareExpiryOf,
  parseRecipients,
  sharePasswordProblems,
} from './sharing';

describe('share password (SPEC §5)', () => {
  it.each(['Abcdefghijklmn1@', 'Sixteen-chars£9a', 'Zz9"zzzzzzzzzzzz', 'ÀàAa1/xxxxxxxxxxx'])(
    'accepts %j',
    (p) => {
      expect(sharePasswordProblems(p)).toEqual([]);
      expect(isStrongSharePassword(p)).toBe(true);
    },
  );

  it.each([
    ['15 characters', 'Abcdefghijklm1@', ['length']],
    ['no upper case', 'abcdefghijklmn1@', ['upper']],
    ['no lower case', 'ABCDEFGHIJKLMN1@', ['lower']],
    ['no digit', 'Abcdefghijklmno@', ['digit']],
    ['no special of the list (a dash is not one)', 'Abcdefghijklmn1-', ['special']],
    ['empty', '', ['length', 'upper', 'lower', 'digit', 'special']],
  ])('refuses %s', (_case, password, problems) => {
    expect(sharePasswordProblems(password)).toEqual(problems);
  });

  it('counts characters, not bytes: 15 characters with £ are still too short', () => {
    expect(sharePasswordProblems('Abcdefghijklm1£')).toEqual(['length']);
    expect(LIMITS.sharePasswordMinLength).toBe(16);
  });
});

describe('a generated share password (issue 23)', () => {
  it('always meets the rule, whatever the draw, and is never the same twice', () => {
    const drawn = Array.from({ length: 500 }, () => generateSharePassword((bound) => randomInt(bound)));
    for (const password of drawn) {
      expect(sharePasswordProblems(password)).toEqual([]);
      expect(password).toHaveLength(GENERATED_SHARE_PASSWORD_LENGTH);
    }
    expect(new Set(drawn).size).toBe(drawn.length);
    // The worst draw (always the first character) still holds every class.
    expect(sharePasswordProblems(generateSharePassword(() => 0))).toEqual([]);
  });
});

describe('recipients (SPEC §5: separated by semicolons)', () => {
  it('splits, trims, drops empty entries and duplicates in any case', () => {
    expect(parseRecipients(' a@press.it ; B@Press.fr;;a@PRESS.it; ')).toEqual({
      ok: true,
      recipients: ['a@press.it', 'b@press.fr'],
    });
  });

  it('names every entry that is not an address', () => {
    expect(parseRecipients('ok@press.it;not-an-address;x@y')).toEqual({
      ok: false,
      code: SHARE_ERROR_CODES.BAD_RECIPIENT,
      invalid: ['not-an-address', 'x@y'],
    });
  });

  it('refuses an empty list and one over the limit', () => {
    expect(parseRecipients(' ; ')).toMatchObject({ ok: false, code: SHARE_ERROR_CODES.NO_RECIPIENTS });
    const many = Array.from({ length: SHARE_RECIPIENTS_MAX + 1 }, (_, i) => `r${i}@press.it`).join(';');
    expect(parseRecipients(many)).toMatchObject({ ok: false, code: SHARE_ERROR_CODES.TOO_MANY_RECIPIENTS });
  });

  it.each(['a b@press.it', 'a@press', '@press.it', 'a@@press.it', 'a@press.it\r\nBcc: x@y.z', 'à@press.it'])(
    'isValidEmail refuses %j',
    (address) => {
      expect(isValidEmail(address)).toBe(false);
    },
  );
});

describe('expiry (SPEC §9)', () => {
  const now = new Date('2026-11-25T10:00:00Z');

  it('defaults to 24 hours ahead', () => {
    expect(defaultShareExpiry(now).toISOString()).toBe('2026-11-26T10:00:00.000Z');
  });

  it('accepts a future date within the longest validity only', () => {
    expect(isValidShareExpiry(new Date('2026-11-25T10:00:01Z'), now)).toBe(true);
    expect(isValidShareExpiry(now, now)).toBe(false);
    expect(isValidShareExpiry(new Date(now.getTime() + SHARE_MAX_VALIDITY_DAYS * 86_400_000 + 1), now)).toBe(
      false,
    );
    expect(isValidShareExpiry(new Date('nonsense'), now)).toBe(false);
  });

  it('offers quick picks of 24 hours, 7 days and 30 days, each a valid expiry', () => {
    expect(shareExpiryOf('day', now).toISOString()).toBe('2026-11-26T10:00:00.000Z');
    expect(shareExpiryOf('week', now).toISOString()).toBe('2026-12-02T10:00:00.000Z');
    expect(shareExpiryOf('month', now).toISOString()).toBe('2026-12-25T10:00:00.000Z');
    for (const pick of ['day', 'week', 'month'] as const)
      expect(isValidShareExpiry(shareExpiryOf(pick, now), now)).toBe(true);
    expect(SHARE_EXPIRY_PICK_KEYS).toEqual(['day', 'week', 'month', 'custom']);
  });
});

describe('share error statuses', () => {
  it('answers input problems 400, SPEC §6 refusals 403, unknown shares 404, a used-up rate 429', () => {
    expect(HTTP_STATUS_OF_CODE[SHARE_ERROR_CODES.WEAK_PASSWORD]).toBe(400);
    expect(HTTP_STATUS_OF_CODE[SHARE_ERROR_CODES.TOO_MANY_FILES]).toBe(400);
    expect(HTTP_STATUS_OF_CODE[SHARE_ERROR_CODES.BAD_RECIPIENT]).toBe(400);
    expect(HTTP_STATUS_OF_CODE[SHARE_ERROR_CODES.NOT_ALLOWED]).toBe(403);
    expect(HTTP_STATUS_OF_CODE[SHARE_ERROR_CODES.NOT_FOUND]).toBe(404);
    expect(HTTP_STATUS_OF_CODE[SHARE_ERROR_CODES.RATE_LIMITED]).toBe(429);
    expect(HTTP_STATUS_OF_CODE['E003']).toBe(409);
  });
});

describe('recipient texts (page and mail)', () => {
  it('has every text in IT, EN and FR', () => {
    const keys = Object.keys(SHARE_TEXTS.en).sort();
    expect(Object.keys(SHARE_TEXTS.it).sort()).toEqual(keys);
    expect(Object.keys(SHARE_TEXTS.fr).sort()).toEqual(keys);
  });

  it('fills placeholders in the share language', () => {
    expect(shareText('it', 'mailSubject', { sender: 'Mario Rossi', name: 'Spider' })).toBe(
      'Mario Rossi ha condiviso con te: Spider',
    );
    expect(shareText('fr', 'expiresAt', { date: shareDate(new Date('2026-11-26T09:05:00Z')) })).toBe(
      "Disponible jusqu'au 26/11/2026 09:05 UTC",
    );
  });
});
