import { AuditRepository, type JunkEntry } from '../audit/audit.repository';
import { CLOCK } from '../common/clock';
import { ERROR_CODES, WORKFLOW_ACTIONS, WORKFLOW_ERROR_CODES as CODES } from '@paddock/rules';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import { inMemoryLegalHolds } from '../../test/support/in-memory-legal-holds';
import { inMemoryRejectionChecks } from '../../test/support/in-memory-rejection-checks';
import {
  FOLDERS,
  contentIn,
  demoProvider,
  fixedClock,
  folderIn,
  recordingJobs,
  userOf,
  type DemoUsername,
} from '../../test/support/workflow-factories';
import { AssetsService } from '../assets/assets.service';
import { JobsService } from '../jobs/jobs.service';
import { PLACES_PROVIDERS } from '../places/places.module';
import { WorkflowService } from './workflow.service';

/**
 * SPEC §6 per view, over WorkflowService and AssetsService.rename with the demo folder ACLs
 * (server/src/seed/demo-data.ts) in the in-memory provider, for the demo users of every role.
 * EXPECTED is written out by hand from the SPEC §6 text and those ACLs, never computed with the
 * rules' functions, so a drift on either side shows up here.
 */

/**
 * The workflow actions in their order, then the rename, then the Undo of the user's own delete (a
 * restore of a content the hub's audit shows this user sent to the junk 5 s ago, back where it came
 * from): the columns of the rows below.
 */
const ACTIONS = [...WORKFLOW_ACTIONS, 'rename', 'undo'] as const;
type Action = (typeof ACTIONS)[number];

/**
 * ok: 202 with a job (200 for rename); view: 403 WORKFLOW_ACTION_NOT_ALLOWED; step: 403
 * WORKFLOW_NOT_ENABLED_FOR_STEP; deny: 403 FORBIDDEN (rename without the right); hidden: 404, the
 * user cannot see the folder or the asset.
 */
type Outcome = 'ok' | 'view' | 'step' | 'deny' | 'hidden';
type Row = [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];

/** One content per folder, only there. The folders, as MARKETING staff and the supplier see them. */
const PLACES = {
  /** Department archive (arch04): staff write, share, manage. */
  arch04: 'arch04-marketing',
  /** A shared archive folder (no SPEC code above it): staff write and share. */
  shared: 'shared-archive',
  /** Internally shared (arch06): staff share only. */
  arch06: 'arch06-marketing',
  /** Enrichment (arrc03): staff write, manage. */
  arrc03: 'arrc03-marketing',
  /** Rejected (rftt00): writers write, staff and observers read. */
  rftt00: 'rftt00-marketing',
  /** Approval step 1: staff, observers and APP.MARKETING.STEP1 read (the service account moves). */
  appstp1: 'appstp1-marketing',
  /** Supplier work: supplierSent for the supplier (write), supplierRecieved for staff (read). */
  lvrr02: 'lvrr02-marketing',
  /** What the maker sends the supplier: supplierSent for staff (write), supplierRecieved for the supplier (read). */
  inbox: 'inbox-marketing-fotostudio',
  /** Department junk: admins write and manage; hidden from everyone else (the Undo is the service account's). */
  junk: 'junk-marketing',
} as const;
type PlaceKey = keyof typeof PLACES;

/**
 * SPEC §6 reading behind the rows:
 * - accept, reject: approver view only, for a user enabled for the step (anna.bianchi, step 1).
 * - move: rejected, enrichment, supplier sent/received, department archive, and otherwise by
 *   ancestry (write on the folder); never from an approval step; the junk's way out is restore.
 * - delete: rejected, department archive, supplier sent/received, enrichment, with write; in the
 *   junk it is the permanent delete, its own action (after confirmation).
 * - restore and permanent delete: the junk only, with write, for admins (SPEC §6 "Admin sees the
 *   department junk"); to anyone else the junk is hidden, and they may only undo their own delete
 *   there (the last column), which the hub reads and makes with its service account.
 * - supplier remove: supplier sent/received folders, with write.
 * - rename: write on the folder; hidden in approver, supplierRecieved and non-department archives.
 * basic_user holds the department's groups L/MARKETING and WRITE.MARKETING, which writes where
 * staff write: SPEC §6 gives it no narrower rule, so its rows are a user's. The observer holds
 * L/MARKETING only (sight, no write) and only observes (SPEC §6): every action is refused (accept
 * and reject at step 1 as for any user not enabled).
 * The branch-sharing user acts as staff in the MARKETING folders, but may not move, delete or tag
 * in a folder of no department (the shared archive).
 */
//                      accept    reject    move      delete    restore   perm-del  sup-rem   rename    undo
const STAFF: Record<PlaceKey, Row> = {
  arch04: ['view', 'view', 'ok', 'ok', 'view', 'view', 'view', 'ok', 'view'],
  shared: ['view', 'view', 'ok', 'view', 'view', 'view', 'view', 'deny', 'view'],
  arch06: ['view', 'view', 'view', 'view', 'view', 'view', 'view', 'deny', 'view'],
  arrc03: ['view', 'view', 'ok', 'ok', 'view', 'view', 'view', 'ok', 'view'],
  rftt00: ['view', 'view', 'ok', 'ok', 'view', 'view', 'view', 'ok', 'view'],
  appstp1: ['step', 'step', 'view', 'view', 'view', 'view', 'view', 'deny', 'view'],
  lvrr02: ['view', 'view', 'view', 'view', 'view', 'view', 'view', 'deny', 'view'],
  inbox: ['view', 'view', 'ok', 'ok', 'view', 'view', 'ok', 'ok', 'view'],
  junk: ['hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'ok'],
};

const HIDDEN: Row = [
  'hidden',
  'hidden',
  'hidden',
  'hidden',
  'hidden',
  'hidden',
  'hidden',
  'hidden',
  'hidden',
];

const EXPECTED: Record<string, Record<PlaceKey, Row>> = {
  'mario.rossi': STAFF,
  'anna.bianchi': {
    ...STAFF,
    appstp1: ['ok', 'ok', 'view', 'view', 'view', 'view', 'view', 'deny', 'view'],
  },
  'foto.studio': {
    arch04: HIDDEN,
    shared: HIDDEN,
    arch06: HIDDEN,
    arrc03: HIDDEN,
    rftt00: HIDDEN,
    appstp1: HIDDEN,
    lvrr02: ['view', 'view', 'ok', 'ok', 'view', 'view', 'ok', 'ok', 'view'],
    inbox: ['view', 'view', 'view', 'view', 'view', 'view', 'view', 'deny', 'view'],
    // The supplier's Undo of its own delete from its work folder (lvrr02 delete: ok).
    junk: [...HIDDEN.slice(0, 8), 'ok'] as Row,
  },
  'paola.neri': Object.fromEntries(
    (Object.keys(STAFF) as PlaceKey[]).map((place): [PlaceKey, Row] => {
      if (place === 'junk') return [place, [...HIDDEN.slice(0, 8), 'view'] as Row];
      const approve = place === 'appstp1' ? 'step' : 'view';
      return [place, [approve, approve, 'view', 'view', 'view', 'view', 'view', 'deny', 'view']];
    }),
  ) as Record<PlaceKey, Row>,
  'sara.branch': {
    ...STAFF,
    shared: ['view', 'view', 'view', 'view', 'view', 'view', 'view', 'deny', 'view'],
  },
  'giulia.basic': STAFF,
  admin: {
    ...STAFF,
    junk: ['view', 'view', 'view', 'view', 'ok', 'ok', 'view', 'ok', 'ok'],
  },
};

interface Cell {
  name: string;
  user: string;
  place: PlaceKey;
  action: Action;
  expected: Outcome;
}

const CELLS: Cell[] = Object.entries(EXPECTED).flatMap(([user, rows]) =>
  (Object.keys(PLACES) as PlaceKey[]).flatMap((place) =>
    ACTIONS.map((action, i) => {
      const spec = rows[place][i]!;
      const name = `${user} ${action} in ${place}: ${spec}`;
      return { name, user, place, action, expected: spec };
    }),
  ),
);

/** The code of each refusal (the error filter gives it its HTTP status: 403, 403, 403, 404). */
const CODE: Record<Exclude<Outcome, 'ok'>, string> = {
  view: CODES.ACTION_NOT_ALLOWED,
  step: CODES.NOT_ENABLED_FOR_STEP,
  deny: ERROR_CODES.FORBIDDEN,
  hidden: ERROR_CODES.NOT_FOUND,
};

let provider: InMemoryProvider;
const clock = fixedClock();
/** What the hub's audit says of the content at hand: who sent it to the junk, from where, when. */
let junkEntries = new Map<string, JunkEntry>();
let jobs: ReturnType<typeof recordingJobs>;
let workflow: WorkflowService;
let assets: AssetsService;
const contentAt = new Map<PlaceKey, string>();
const id = (prettyId: string) => provider.folderByPrettyId(prettyId).id;
/** Where each user's move and restore go: a folder the user writes, outside approval and junk. */
const targetOf = (user: string) => id(user === 'foto.studio' ? FOLDERS.supplier : 'move-target');

// Built once: a refused cell changes nothing and an allowed one only submits (or renames).
beforeAll(async () => {
  provider = demoProvider();
  jobs = recordingJobs();
  const staff = { 'L/MARKETING': {} };
  folderIn(provider, 'shared-archive', null, { ...staff, 'WRITE.MARKETING': { write: true, share: true } });
  folderIn(provider, 'move-target', null, { ...staff, 'WRITE.MARKETING': { write: true } });
  // The demo supplier writes its work folder only; its move needs a target it writes.
  provider.folderByPrettyId(FOLDERS.supplier).acl.set('SUP.FOTOSTUDIO', { write: true });
  for (const [key, prettyId] of Object.entries(PLACES))
    contentAt.set(key as PlaceKey, contentIn(provider, [prettyId]));
  const module = await provider.compile([
    WorkflowService,
    AssetsService,
    ...PLACES_PROVIDERS,
    ...inMemoryLegalHolds().providers,
    inMemoryRejectionChecks(clock).provider,
    { provide: JobsService, useValue: jobs },
    // Every content was sent to the junk 5 s ago from where the restores go, by the cell's user
    // for the Undo, by someone else for a restore.
    { provide: AuditRepository, useValue: { junkEntries: () => Promise.resolve(junkEntries) } },
    { provide: CLOCK, useValue: clock },
  ]);
  workflow = module.get(WorkflowService);
  assets = module.get(AssetsService);
});
beforeEach(() => jobs.submitted.splice(0));

function attempt(cell: Cell): Promise<unknown> {
  const user = userOf(cell.user as DemoUsername);
  const contentId = contentAt.get(cell.place)!;
  if (cell.action === 'rename') return assets.rename(user, contentId, `renamed by ${cell.user}`);
  const deletedBy = cell.action === 'undo' ? cell.user : 'someone.else';
  junkEntries = new Map([
    [
      contentId,
      {
        fromFolderId: targetOf(cell.user),
        actor: deletedBy,
        action: 'delete',
        at: new Date(clock.at.getTime() - 5_000),
      },
    ],
  ]);
  const base = { contentIds: [contentId], folderId: id(PLACES[cell.place]) };
  switch (cell.action) {
    case 'accept':
      return workflow.accept(user, base);
    case 'reject':
      return workflow.reject(user, { ...base, note: 'Riflesso sul cofano' });
    case 'move':
      return workflow.move(user, { ...base, toFolderId: targetOf(cell.user) });
    case 'delete':
      return workflow.delete(user, base);
    case 'restore':
    case 'undo':
      return workflow.restore(user, { ...base, toFolderId: targetOf(cell.user) });
    case 'permanent-delete':
      return workflow.permanentDelete(user, base);
    case 'supplier-remove':
      return workflow.supplierRemove(user, base);
  }
}

describe('SPEC §6 permission table over the workflow actions and the rename', () => {
  it.each(CELLS)('$name', async (cell) => {
    if (cell.expected === 'ok') {
      await expect(attempt(cell)).resolves.toBeDefined();
      const submitted = cell.action === 'rename' ? [] : [{ actor: cell.user }];
      expect(jobs.submitted).toMatchObject(submitted);
    } else {
      await expect(attempt(cell)).rejects.toMatchObject({ code: CODE[cell.expected] });
      expect(jobs.submitted).toEqual([]);
    }
  });
});
