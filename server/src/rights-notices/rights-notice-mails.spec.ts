import { rightsDigestMailOf, rightsNoticeMailOf } from './rights-notice-mails';

const portal = 'https://paddock.example.com/home';

describe('rights notice mails', () => {
  it('tells each event in the recipient language, with the date as dd/MM/yyyy', () => {
    expect(
      rightsNoticeMailOf('it', { event: 'copyright-ended', assetName: 'Spider', date: '2026-01-15' }, portal),
    ).toEqual({
      subject: 'Diritti d’uso scaduti: «Spider»',
      text: [
        'I diritti d’uso di «Spider» sono scaduti il 15/01/2026: non usarlo più e ritiralo da dove lo hai pubblicato.',
        '',
        'Ricevi questa e-mail perché hai ricevuto o condiviso questo asset.',
        portal,
      ].join('\n'),
    });
    expect(
      rightsNoticeMailOf('en', { event: 'copyright-ending', assetName: 'Spider', date: '2026-12-30' }, portal)
        .subject,
    ).toBe('Usage rights end on 30/12/2026: “Spider”');
    expect(
      rightsNoticeMailOf('fr', { event: 'embargo-started', assetName: 'Spider', date: '2027-03-01' }, portal)
        .subject,
    ).toBe('Embargo sur « Spider » jusqu’au 01/03/2027');
  });

  it('a digest has one line per notice', () => {
    const mail = rightsDigestMailOf(
      'en',
      [
        { event: 'copyright-ended', assetName: 'A', date: '2026-01-15' },
        { event: 'embargo-started', assetName: 'B', date: '2027-03-01' },
      ],
      portal,
    );
    expect(mail.subject).toBe('Usage rights: 2 notices of the day');
    expect(mail.text.split('\n').filter((l) => l.startsWith('- '))).toEqual([
      '- The usage rights of “A” ended on 15/01/2026: stop using it and take it down wherever you published it.',
      '- “B” is under embargo until 01/03/2027: do not use or publish it before then.',
    ]);
  });
});
