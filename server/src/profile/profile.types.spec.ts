import { disclaimerTextProblems, disclaimerTextsOf, userPreferencesOf } from './profile.types';

const en = { title: 'Terms', body: 'Text', acceptLabel: 'I accept', closeLabel: 'Close' };
const it_ = { title: 'Condizioni', body: 'Testo', acceptLabel: 'Accetto', closeLabel: 'Chiudi' };

describe('disclaimer texts', () => {
  it('read every language and drop unknown keys', () => {
    const fr = { ...en, title: 'Conditions', extra: 'x' };
    expect(disclaimerTextsOf({ it: it_, en, fr, de: en })).toEqual({
      it: it_,
      en,
      fr: { ...en, title: 'Conditions' },
    });
  });

  it('fall back to English, then to any complete language, for a missing or malformed language', () => {
    expect(disclaimerTextsOf({ it: it_, en, fr: { title: 'Conditions' } }).fr).toEqual(en);
    expect(disclaimerTextsOf({ it: it_ })).toEqual({ it: it_, en: it_, fr: it_ });
    expect(disclaimerTextsOf(null).en).toEqual({ title: '', body: '', acceptLabel: '', closeLabel: '' });
  });

  it('name each language that lacks a text', () => {
    expect(disclaimerTextProblems({ it: it_, en, fr: en })).toEqual([]);
    expect(disclaimerTextProblems({ it: it_, en: { ...en, closeLabel: '' } })).toEqual([
      expect.stringMatching(/^texts\.en /),
      expect.stringMatching(/^texts\.fr /),
    ]);
    expect(disclaimerTextProblems('text')).toEqual(['texts must be an object with one entry per language']);
  });
});

describe('stored preferences', () => {
  it('keep only the known, well-formed fields', () => {
    expect(
      userPreferencesOf({
        language: 'fr',
        viewMode: 'list',
        tileSize: 'small',
        pageSize: 50,
        recentRecipients: ['a@example.com', 3],
        rejectionMail: true,
        theme: 'dark',
      }),
    ).toEqual({
      language: 'fr',
      viewMode: 'list',
      tileSize: 'small',
      pageSize: 50,
      recentRecipients: ['a@example.com'],
      rejectionMail: true,
    });
    expect(
      userPreferencesOf({
        language: 'de',
        viewMode: 'table',
        tileSize: 'huge',
        pageSize: 'x',
        rejectionMail: 'yes',
      }),
    ).toEqual({});
    expect(userPreferencesOf({ pageSize: 5 })).toEqual({});
    const many = Array.from({ length: 12 }, (_, i) => `u${i}@example.com`);
    expect(userPreferencesOf({ recentRecipients: many }).recentRecipients).toEqual(many.slice(0, 10));
    expect(userPreferencesOf(null)).toEqual({});
    expect(userPreferencesOf([1])).toEqual({});
  });
});
