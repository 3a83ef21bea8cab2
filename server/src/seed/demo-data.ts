import {
  DEPARTMENT_GROUP_MARK,
  FIXED_FOLDER_IDS,
  FOLDER_CODES,
  GENERAL_GROUPS,
  approvalStepCode,
  departmentFolderPrettyId,
} from '@paddock/rules';

/**
 * The demo organisation (issue 2 §10). DEMO ONLY: every account shares one published password
 * (DEMO_PASSWORD, in config/ beside the other published secrets production refuses).
 * Groups follow the naming in packages/rules/src/roles.ts.
 */

export const DEPARTMENTS = [
  { code: 'MARKETING', it: 'Marketing', en: 'Marketing', fr: 'Marketing' },
  {
    code: 'HERITAGE',
    it: 'Heritage e restauro',
    en: 'Heritage and restoration',
    fr: 'Patrimoine et restauration',
  },
] as const;

export const SUPPLIER = {
  code: 'FOTOSTUDIO',
  company: 'Foto Studio Srl',
  it: 'Foto Studio',
  en: 'Foto Studio',
  fr: 'Foto Studio',
};

const dept = (code: string) => `${DEPARTMENT_GROUP_MARK}${code}`;
/**
 * A department's staff who write its folders. Belonging to the department (L/) gives sight only,
 * so an observer, who holds the department group to reach its views, writes nothing (issue 11).
 * The name matches no rule of roles.ts: it counts only in the provider's ACL, never for roles.
 */
const writers = (code: string) => `WRITE.${code}`;

export interface DemoGroup {
  name: string;
  description: string;
}

export const DEMO_GROUPS: DemoGroup[] = [
  ...Object.entries(GENERAL_GROUPS).map(([role, name]) => ({ name, description: `Paddock ${role}` })),
  ...DEPARTMENTS.flatMap((d) => [
    { name: dept(d.code), description: `Department ${d.en}` },
    { name: writers(d.code), description: `${d.en} staff who write the department's folders` },
    { name: `APP.${d.code}.STEP1`, description: `${d.en} approvers, step 1` },
    { name: `APP.${d.code}.STEP2`, description: `${d.en} approvers, step 2` },
    { name: `OBS.${d.code}`, description: `${d.en} observers` },
  ]),
  // A supplier company's group: recognised by no rule, so its members are suppliers (SPEC §6).
  { name: `SUP.${SUPPLIER.code}`, description: SUPPLIER.company },
  { name: 'PADDOCK.WORKFLOW', description: 'The hub workflow service account' },
];

/**
 * The provider account the hub makes workflow moves with (docs/workflow.md "Service account"); its
 * username and password come from PROVIDER_SERVICE_USERNAME / PROVIDER_SERVICE_PASSWORD. It is not
 * a portal user: it stays out of DEMO_USERS and the hub's user directory.
 */
export const SERVICE_ACCOUNT = {
  group: 'PADDOCK.WORKFLOW',
  firstName: 'Paddock',
  lastName: 'Workflow',
  companyName: 'Paddock',
} as const;

export interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
  companyName: string;
  groups: string[];
  active?: boolean;
  passwordExpired?: boolean;
  /** What the README says the account shows. */
  purpose: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    username: 'mario.rossi',
    firstName: 'Mario',
    lastName: 'Rossi',
    companyName: 'Marketing',
    groups: [dept('MARKETING'), writers('MARKETING')],
    purpose: 'user',
  },
  {
    username: 'anna.bianchi',
    firstName: 'Anna',
    lastName: 'Bianchi',
    companyName: 'Marketing',
    groups: [dept('MARKETING'), writers('MARKETING'), 'APP.MARKETING.STEP1'],
    purpose: 'approver, step 1',
  },
  {
    username: 'luca.conti',
    firstName: 'Luca',
    lastName: 'Conti',
    companyName: 'Marketing',
    groups: [dept('MARKETING'), writers('MARKETING'), 'APP.MARKETING.STEP2'],
    purpose: 'approver, step 2',
  },
  {
    username: 'foto.studio',
    firstName: 'Foto',
    lastName: 'Studio',
    companyName: SUPPLIER.company,
    groups: [`SUP.${SUPPLIER.code}`],
    purpose: 'supplier',
  },
  {
    username: 'paola.neri',
    firstName: 'Paola',
    lastName: 'Neri',
    companyName: 'Marketing',
    groups: [dept('MARKETING'), 'OBS.MARKETING'],
    purpose: 'observer',
  },
  {
    username: 'giulia.basic',
    firstName: 'Giulia',
    lastName: 'Basso',
    companyName: 'Marketing',
    groups: [dept('MARKETING'), writers('MARKETING'), GENERAL_GROUPS.basic_user],
    purpose: 'basic_user',
  },
  {
    username: 'admin',
    firstName: 'Amministratore',
    lastName: 'Paddock',
    companyName: 'Marketing',
    groups: [dept('MARKETING'), writers('MARKETING'), GENERAL_GROUPS.admin],
    purpose: 'admin',
  },
  {
    username: 'marco.multi',
    firstName: 'Marco',
    lastName: 'Moretti',
    companyName: 'Heritage',
    groups: [
      GENERAL_GROUPS['multi-department'],
      dept('MARKETING'),
      dept('HERITAGE'),
      writers('MARKETING'),
      writers('HERITAGE'),
      'OBS.MARKETING',
    ],
    purpose:
      'multi-department (default department HERITAGE from the company name; OBS.MARKETING does not count)',
  },
  {
    username: 'sara.branch',
    firstName: 'Sara',
    lastName: 'Ferri',
    companyName: 'Marketing',
    groups: [dept('MARKETING'), writers('MARKETING'), GENERAL_GROUPS['branch-sharing']],
    purpose: 'branch-sharing',
  },
  {
    username: 'vera.scaduta',
    firstName: 'Vera',
    lastName: 'Scaduta',
    companyName: 'Marketing',
    groups: [dept('MARKETING'), writers('MARKETING')],
    passwordExpired: true,
    purpose: 'password expired: shows the expired-password message',
  },
  {
    username: 'dario.sospeso',
    firstName: 'Dario',
    lastName: 'Sospeso',
    companyName: 'Marketing',
    groups: [dept('MARKETING'), writers('MARKETING')],
    active: false,
    purpose: 'account not enabled: shows the disabled-account message',
  },
];

export function demoEmail(username: string): string {
  return `${username}@paddock.example`;
}

/** The demo's subfolder of a department archive (SPEC §6: tagging in the archive's subfolders). */
export function campaignFolderPrettyId(department: string): string {
  return `campagne-2026-${department.toLowerCase()}`;
}

export interface DemoFolder {
  prettyId: string;
  parent: string | null;
  it: string;
  en: string;
  fr: string;
  isSupplier?: boolean;
  /** group name → rights */
  acl: Record<string, { manage?: boolean; share?: boolean; write?: boolean }>;
}

/**
 * Each department's tree of special folders, by SPEC §3 code, with least privilege (issue 11): the
 * department's members and observers see, its writers write where SPEC §6 lets users act, approvers
 * only see their steps and the supplier writes its work folder only. The workflow's moves (accept,
 * reject, delete, restore, a delivery entering step 1, a rejected content's new version) are made
 * by the service account, whose group may show, write and manage every folder.
 */
export function demoFolders(): DemoFolder[] {
  return [...departmentFolders(), ...sharedArchiveFolders()].map((f) => ({
    ...f,
    acl: { ...f.acl, [SERVICE_ACCOUNT.group]: { write: true, manage: true } },
  }));
}

/**
 * The organisation's shared archive (SPEC §3 fixed id), seen by every department's staff and
 * observers, and one sharing channel below it (SPEC §2 archives 'channels'), where the writers share.
 */
function sharedArchiveFolders(): DemoFolder[] {
  const read = Object.fromEntries(
    DEPARTMENTS.flatMap((d) => [dept(d.code), `OBS.${d.code}`]).map((group) => [group, {}]),
  );
  const share = Object.fromEntries(DEPARTMENTS.map((d) => [writers(d.code), { share: true }]));
  return [
    {
      prettyId: FIXED_FOLDER_IDS.sharedArchive,
      parent: null,
      it: 'Archivio condiviso',
      en: 'Shared archive',
      fr: 'Archives partagées',
      acl: { ...read, ...share },
    },
    {
      prettyId: 'channel-website',
      parent: FIXED_FOLDER_IDS.sharedArchive,
      it: 'Sito web',
      en: 'Website',
      fr: 'Site web',
      acl: { ...read, ...share },
    },
  ];
}

function departmentFolders(): DemoFolder[] {
  return DEPARTMENTS.flatMap((d) => {
    const p = (code: string) => departmentFolderPrettyId(code, d.code);
    const staff = dept(d.code);
    const writer = writers(d.code);
    const step = (n: number) => `APP.${d.code}.STEP${n}`;
    const read = { [staff]: {}, [`OBS.${d.code}`]: {} };
    const root = `dept-${d.code.toLowerCase()}`;
    const supplierGroup = `SUP.${SUPPLIER.code}`;
    return [
      { prettyId: root, parent: null, it: d.it, en: d.en, fr: d.fr, acl: read },
      {
        prettyId: p(FOLDER_CODES.suppliers),
        parent: root,
        it: 'Fornitori',
        en: 'Suppliers',
        fr: 'Fournisseurs',
        isSupplier: true,
        acl: read,
      },
      {
        prettyId: `${p(FOLDER_CODES.suppliers)}-${SUPPLIER.code.toLowerCase()}`,
        parent: p(FOLDER_CODES.suppliers),
        it: SUPPLIER.it,
        en: SUPPLIER.en,
        fr: SUPPLIER.fr,
        isSupplier: true,
        acl: { ...read, [supplierGroup]: {} },
      },
      {
        prettyId: p(FOLDER_CODES.supplierWork),
        parent: `${p(FOLDER_CODES.suppliers)}-${SUPPLIER.code.toLowerCase()}`,
        it: 'Lavorazione fornitore',
        en: 'Supplier work',
        fr: 'Travaux fournisseur',
        isSupplier: true,
        acl: { ...read, [supplierGroup]: { write: true } },
      },
      // What the maker sends the supplier: writers write, the supplier reads (SPEC §2 supplier folders).
      {
        prettyId: `inbox-${d.code.toLowerCase()}-${SUPPLIER.code.toLowerCase()}`,
        parent: `${p(FOLDER_CODES.suppliers)}-${SUPPLIER.code.toLowerCase()}`,
        it: 'Dal costruttore',
        en: 'From the maker',
        fr: 'Du constructeur',
        isSupplier: true,
        acl: { ...read, [writer]: { write: true }, [supplierGroup]: {} },
      },
      {
        prettyId: p(FOLDER_CODES.supplierApproval),
        parent: root,
        it: 'Approvazione fornitori',
        en: 'Supplier approval',
        fr: 'Approbation fournisseurs',
        acl: { ...read, [step(1)]: {} },
      },
      {
        prettyId: p(FOLDER_CODES.approval),
        parent: root,
        it: 'Approvazione',
        en: 'Approval',
        fr: 'Approbation',
        acl: { ...read, [step(1)]: {}, [step(2)]: {} },
      },
      {
        prettyId: p(FOLDER_CODES.rejected),
        parent: p(FOLDER_CODES.approval),
        it: 'Rifiutati',
        en: 'Rejected',
        fr: 'Refusés',
        acl: { ...read, [writer]: { write: true } },
      },
      {
        prettyId: p(approvalStepCode(1)),
        parent: p(FOLDER_CODES.approval),
        it: 'Step 1',
        en: 'Step 1',
        fr: 'Étape 1',
        acl: { ...read, [step(1)]: {} },
      },
      {
        prettyId: p(approvalStepCode(2)),
        parent: p(FOLDER_CODES.approval),
        it: 'Step 2',
        en: 'Step 2',
        fr: 'Étape 2',
        acl: { ...read, [step(2)]: {} },
      },
      {
        prettyId: p(FOLDER_CODES.enrichment),
        parent: root,
        it: 'Arricchimento',
        en: 'Enrichment',
        fr: 'Enrichissement',
        acl: { [staff]: {}, [writer]: { write: true, manage: true } },
      },
      {
        prettyId: p(FOLDER_CODES.departmentArchive),
        parent: root,
        it: 'Archivio di reparto',
        en: 'Department archive',
        fr: 'Archives du service',
        acl: { [staff]: {}, [writer]: { write: true, manage: true, share: true } },
      },
      // A subfolder of the archive: SPEC §6 tags here, never on the archive itself.
      {
        prettyId: campaignFolderPrettyId(d.code),
        parent: p(FOLDER_CODES.departmentArchive),
        it: 'Campagne 2026',
        en: '2026 campaigns',
        fr: 'Campagnes 2026',
        acl: { [staff]: {}, [writer]: { write: true, manage: true, share: true } },
      },
      {
        prettyId: p(FOLDER_CODES.internalShared),
        parent: root,
        it: 'Condivisi internamente',
        en: 'Internally shared',
        fr: 'Partagés en interne',
        acl: { [staff]: {}, [writer]: { share: true } },
      },
      // A sharing channel (SPEC §2 archives 'channels'): internal shares link contents here.
      {
        prettyId: `channel-${d.code.toLowerCase()}-press`,
        parent: p(FOLDER_CODES.internalShared),
        it: 'Stampa',
        en: 'Press',
        fr: 'Presse',
        acl: { [staff]: {}, [writer]: { share: true } },
      },
      {
        prettyId: p(FOLDER_CODES.junk),
        parent: root,
        it: 'Cestino di reparto',
        en: 'Department junk',
        fr: 'Corbeille du service',
        // SPEC §6 "Admin sees the department junk": a user's Undo of their own delete is made by
        // the hub's service account, so staff need no right here (the provider hides it from them).
        acl: { [GENERAL_GROUPS.admin]: { write: true, manage: true } },
      },
    ];
  });
}

export const DEMO_DISCLAIMER = {
  id: 'disclaimer-v1',
  version: '1',
  texts: {
    it: {
      title: 'Condizioni di utilizzo',
      body: "I contenuti di Paddock sono riservati. Possono essere usati solo per le finalità autorizzate, nel rispetto dei diritti d'autore, delle liberatorie e degli embarghi indicati su ciascun contenuto. Ogni accesso e ogni azione sono registrati.",
      acceptLabel: 'Accetto',
      closeLabel: 'Chiudi',
    },
    en: {
      title: 'Terms of use',
      body: 'Paddock content is confidential. It may be used only for authorised purposes, respecting the copyright, releases and embargoes stated on each asset. Every access and every action is recorded.',
      acceptLabel: 'I accept',
      closeLabel: 'Close',
    },
    fr: {
      title: "Conditions d'utilisation",
      body: "Les contenus de Paddock sont confidentiels. Ils ne peuvent être utilisés qu'à des fins autorisées, dans le respect des droits d'auteur, des autorisations et des embargos indiqués sur chaque contenu. Chaque accès et chaque action sont enregistrés.",
      acceptLabel: "J'accepte",
      closeLabel: 'Fermer',
    },
  },
};
