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
