import { copyrightDateDisplay, shareText, type RightsEvent, type ShareLanguage } from '@paddock/rules';

/** One notice as a mail line tells it: the event, the asset's name, the date. */
export interface NoticeLine {
  event: RightsEvent;
  assetName: string;
  /** ISO yyyy-mm-dd. */
  date: string;
}

const SUFFIX: Record<RightsEvent, 'embargo' | 'ended' | 'ending'> = {
  'embargo-started': 'embargo',
  'copyright-ended': 'ended',
  'copyright-ending': 'ending',
};

const values = (n: NoticeLine) => ({ name: n.assetName, date: copyrightDateDisplay(n.date) ?? n.date });

/** The line of one notice, in the recipient's language. */
export function noticeLineOf(language: ShareLanguage, n: NoticeLine): string {
  return shareText(language, `rightsLine_${SUFFIX[n.event]}`, values(n));
}

/** A notice's own mail: subject, what happened and what to do, why the recipient gets it, the portal. */
export function rightsNoticeMailOf(
  language: ShareLanguage,
  n: NoticeLine,
  portal: string,
): { subject: string; text: string } {
  return {
    subject: shareText(language, `rightsSubject_${SUFFIX[n.event]}`, values(n)),
    text: [noticeLineOf(language, n), '', shareText(language, 'rightsWhy'), portal].join('\n'),
  };
}

/** The day's digest: one line per notice, in the recipient's language. */
export function rightsDigestMailOf(
  language: ShareLanguage,
  lines: readonly NoticeLine[],
  portal: string,
): { subject: string; text: string } {
  return {
    subject: shareText(language, 'rightsDigestSubject', { count: lines.length }),
    text: [
      shareText(language, 'rightsDigestIntro'),
      '',
      ...lines.map((n) => `- ${noticeLineOf(language, n)}`),
      '',
      shareText(language, 'rightsDigestWhy'),
      portal,
    ].join('\n'),
  };
}
