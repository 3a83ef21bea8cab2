import type { ShareLanguage } from './sharing';

/**
 * What a share's recipient reads, in the share's language: the recipient page (built-in provider)
 * and the invitation mail (hub); and the supplier's mail about a rejected delivery (issue 23), in
 * its own language. Defined once here so the page and the mails never disagree.
 * `{name}`-style placeholders are filled by `shareText`.
 */
export const SHARE_TEXTS = {
  it: {
    pageTitle: 'Contenuti condivisi',
    passwordPrompt: 'Questa condivisione è protetta. Inserisci la password che hai ricevuto dal mittente.',
    passwordLabel: 'Password',
    open: 'Apri',
    wrongPassword: 'Password errata.',
    tooManyAttempts: 'Troppi tentativi. Riprova più tardi.',
    unavailable: 'Questa condivisione non è disponibile: il link è errato, è scaduto o è stato revocato.',
    expiresAt: 'Disponibile fino al {date}',
    downloadAll: 'Scarica tutto (ZIP)',
    download: 'Scarica',
    disclaimer: 'Note legali',
    assetUnavailable: 'Contenuto non più disponibile',
    revoked: 'Il mittente ha revocato questa condivisione.',
    expired: 'Questa condivisione è scaduta il {date}.',
    askSender: 'Per riaverla scrivi a {name}:',
    view: 'Apri {name} in grande',
    close: 'Chiudi',
    mailSubject: '{sender} ha condiviso con te: {name}',
    mailIntro: '{sender} ha condiviso con te {count} contenuti: «{name}».',
    mailLink: 'Apri la condivisione:',
    mailPassword: 'La password ti verrà comunicata separatamente dal mittente.',
    mailExpiry: 'Il link è valido fino al {date}.',
    rejectedSubject: 'Asset rifiutato: {name}',
    rejectedIntro: '{by} ha rifiutato «{name}», consegnato al reparto {department}.',
    rejectedNote: 'Motivo: {note}',
    rejectedNoNote: 'Nessun motivo indicato.',
    rejectedLink: 'Apri il portale per inviare una nuova versione:',
    rejectedWhy: "Ricevi questa e-mail perché l'hai chiesta nelle tue preferenze.",
    withdrawn: 'Ritirato: i diritti d’uso di questo asset non ne consentono più la diffusione.',
    preparing: 'In preparazione: le targhe vengono oscurate. Ricarica la pagina tra qualche istante.',
    rightsSubject_embargo: 'Embargo su «{name}» fino al {date}',
    rightsSubject_ended: 'Diritti d’uso scaduti: «{name}»',
    rightsSubject_ending: 'Diritti d’uso in scadenza il {date}: «{name}»',
    rightsLine_embargo: '«{name}» è sotto embargo fino al {date}: non usarlo né pubblicarlo prima di allora.',
    rightsLine_ended:
      'I diritti d’uso di «{name}» sono scaduti il {date}: non usarlo più e ritiralo da dove lo hai pubblicato.',
    rightsLine_ending:
      'I diritti d’uso di «{name}» scadono il {date}: dopo quella data non potrà più essere usato.',
    rightsWhy: 'Ricevi questa e-mail perché hai ricevuto o condiviso questo asset.',
    rightsDigestSubject: 'Diritti d’uso: {count} avvisi di oggi',
    rightsDigestIntro: 'Gli avvisi di oggi sugli asset che hai ricevuto o condiviso:',
    rightsDigestWhy: 'Ricevi un’e-mail al giorno perché l’hai scelto nelle tue preferenze.',
  },
  en: {
    pageTitle: 'Shared content',
    passwordPrompt: 'This share is protected. Enter the password you received from the sender.',
    passwordLabel: 'Password',
    open: 'Open',
    wrongPassword: 'Wrong password.',
    tooManyAttempts: 'Too many attempts. Try again later.',
    unavailable: 'This share is not available: the link is wrong, has expired or was revoked.',
    expiresAt: 'Available until {date}',
    downloadAll: 'Download all (ZIP)',
    download: 'Download',
    disclaimer: 'Legal notice',
    assetUnavailable: 'Content no longer available',
    revoked: 'The sender has revoked this share.',
    expired: 'This share expired on {date}.',
    askSender: 'To have it again, write to {name}:',
    view: 'Open {name} full size',
    close: 'Close',
    mailSubject: '{sender} shared with you: {name}',
    mailIntro: '{sender} shared {count} items with you: “{name}”.',
    mailLink: 'Open the share:',
    mailPassword: 'The sender will give you the password separately.',
    mailExpiry: 'The link is valid until {date}.',
    rejectedSubject: 'Asset rejected: {name}',
    rejectedIntro: '{by} rejected “{name}”, delivered to the {department} department.',
    rejectedNote: 'Reason: {note}',
    rejectedNoNote: 'No reason given.',
    rejectedLink: 'Open the portal to send a new version:',
    rejectedWhy: 'You receive this e-mail because you asked for it in your preferences.',
    withdrawn: 'Withdrawn: the usage rights of this asset no longer allow it to be shared.',
    preparing: 'Being prepared: the licence plates are being blurred. Reload the page in a moment.',
    rightsSubject_embargo: 'Embargo on “{name}” until {date}',
    rightsSubject_ended: 'Usage rights ended: “{name}”',
    rightsSubject_ending: 'Usage rights end on {date}: “{name}”',
    rightsLine_embargo: '“{name}” is under embargo until {date}: do not use or publish it before then.',
    rightsLine_ended:
      'The usage rights of “{name}” ended on {date}: stop using it and take it down wherever you published it.',
    rightsLine_ending:
      'The usage rights of “{name}” end on {date}: after that date it may no longer be used.',
    rightsWhy: 'You receive this e-mail because you received or shared this asset.',
    rightsDigestSubject: 'Usage rights: {count} notices of the day',
    rightsDigestIntro: 'Today’s notices about assets you received or shared:',
    rightsDigestWhy: 'You receive one e-mail a day because you chose it in your preferences.',
  },
  fr: {
    pageTitle: 'Contenus partagés',
    passwordPrompt: "Ce partage est protégé. Saisissez le mot de passe reçu de l'expéditeur.",
    passwordLabel: 'Mot de passe',
    open: 'Ouvrir',
    wrongPassword: 'Mot de passe incorrect.',
    tooManyAttempts: 'Trop de tentatives. Réessayez plus tard.',
    unavailable: "Ce partage n'est pas disponible : le lien est erroné, a expiré ou a été révoqué.",
    expiresAt: "Disponible jusqu'au {date}",
    downloadAll: 'Tout télécharger (ZIP)',
    download: 'Télécharger',
    disclaimer: 'Mentions légales',
    assetUnavailable: 'Contenu plus disponible',
    revoked: "L'expéditeur a révoqué ce partage.",
    expired: 'Ce partage a expiré le {date}.',
    askSender: 'Pour le recevoir à nouveau, écrivez à {name} :',
    view: 'Ouvrir {name} en grand',
    close: 'Fermer',
    mailSubject: '{sender} a partagé avec vous : {name}',
    mailIntro: '{sender} a partagé {count} contenus avec vous : « {name} ».',
    mailLink: 'Ouvrir le partage :',
    mailPassword: "L'expéditeur vous communiquera le mot de passe séparément.",
    mailExpiry: "Le lien est valable jusqu'au {date}.",
    rejectedSubject: 'Contenu refusé : {name}',
    rejectedIntro: '{by} a refusé « {name} », livré au service {department}.',
    rejectedNote: 'Motif : {note}',
    rejectedNoNote: 'Aucun motif indiqué.',
    rejectedLink: 'Ouvrez le portail pour envoyer une nouvelle version :',
    rejectedWhy: "Vous recevez cet e-mail parce que vous l'avez demandé dans vos préférences.",
    withdrawn: 'Retiré : les droits d’utilisation de ce contenu n’en permettent plus la diffusion.',
    preparing:
      'En préparation : les plaques d’immatriculation sont floutées. Rechargez la page dans un instant.',
    rightsSubject_embargo: 'Embargo sur « {name} » jusqu’au {date}',
    rightsSubject_ended: 'Droits d’utilisation expirés : « {name} »',
    rightsSubject_ending: 'Droits d’utilisation expirant le {date} : « {name} »',
    rightsLine_embargo:
      '« {name} » est sous embargo jusqu’au {date} : ne l’utilisez pas et ne le publiez pas avant.',
    rightsLine_ended:
      'Les droits d’utilisation de « {name} » ont expiré le {date} : cessez de l’utiliser et retirez-le partout où vous l’avez publié.',
    rightsLine_ending:
      'Les droits d’utilisation de « {name} » expirent le {date} : après cette date, il ne pourra plus être utilisé.',
    rightsWhy: 'Vous recevez cet e-mail parce que vous avez reçu ou partagé ce contenu.',
    rightsDigestSubject: 'Droits d’utilisation : {count} avis du jour',
    rightsDigestIntro: 'Les avis du jour sur les contenus que vous avez reçus ou partagés :',
    rightsDigestWhy: 'Vous recevez un e-mail par jour parce que vous l’avez choisi dans vos préférences.',
  },
} as const satisfies Record<ShareLanguage, Record<string, string>>;

export type ShareTextKey = keyof (typeof SHARE_TEXTS)['en'];

/** One text in `language` with its `{placeholders}` filled (unknown ones are left as they are). */
export function shareText(
  language: ShareLanguage,
  key: ShareTextKey,
  values: Record<string, string | number> = {},
): string {
  return SHARE_TEXTS[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** A date as the recipient reads it: dd/MM/yyyy HH:mm UTC (SPEC §9 date display, with the time). */
export function shareDate(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())} UTC`;
}
