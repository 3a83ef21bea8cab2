import { ERROR_CODES, WORKFLOW_ERROR_CODES as CODES } from '@paddock/rules';
import { call, hubDb, type SignedIn } from '../auth/auth-fixtures';
import { folder, seedFolders } from '../folders/folder-fixtures';
import { insertContent } from '../search/search-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { headersOf } from '../auth/auth-fixtures';
import { as, post, seedDemoOrganisation } from './workflow-fixtures';

jest.setTimeout(180_000);

/**
 * SPEC §6 per view, over the real hub and the built-in provider, for the demo users of every role.
 * EXPECTED is written out by hand from the SPEC §6 text and the demo folder ACLs
 * (server/src/seed/demo-data.ts), never computed with the rules' functions, so a drift on either
 * side shows up here. The app runs as the api process only: an allowed action is enqueued and never
 * run, so every content stays where it was put and the cells may run in any order.
 */

const ACTIONS = [
  'accept',
  'reject',
  'move',
  'delete',
  'restore',
  'permanent-delete',
  'supplier-remove',
  'rename',
] as const;
type Action = (typeof ACTIONS)[number];

/**
 * ok: 202 with a job (200 for rename); view: 403 WORKFLOW_ACTION_NOT_ALLOWED; step: 403
 * WORKFLOW_NOT_ENABLED_FOR_STEP; deny: 403 FORBIDDEN (rename without the right); hidden: 404, the
 * user cannot see the folder or the asset.
 */
type Outcome = 'ok' | 'view' | 'step' | 'deny' | 'hidden';
type Row = [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];

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
  /** Rejected (rftt00): staff write, observers read. */
  rftt00: 'rftt00-marketing',
  /** Approval step 1: staff and observers read, APP.MARKETING.STEP1 writes. */
  appstp1: 'appstp1-marketing',
  /** Supplier work: supplierSent for the supplier (write), supplierRecieved for staff (read). */
  lvrr02: 'lvrr02-marketing',
  /** What the maker sends the supplier: supplierSent for staff (write), supplierRecieved for the supplier (read). */
  inbox: 'inbox-marketing-fotostudio',
  /** Department junk: staff write, admins write and manage. */
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
 * - restore and permanent delete: the junk only, with write.
 * - supplier remove: supplier sent/received folders, with write.
 * - rename: write on the folder; hidden in approver, supplierRecieved and non-department archives.
 * Observer and basic_user hold the department group L/MARKETING, which writes where staff write:
 * SPEC §6 gives them no narrower rule, so their rows are a user's.
 */
//                      accept    reject    move      delete    restore   perm-del  sup-rem   rename
const STAFF: Record<PlaceKey, Row> = {
  arch04: ['view', 'view', 'ok', 'ok', 'view', 'view', 'view', 'ok'],
  shared: ['view', 'view', 'ok', 'view', 'view', 'view', 'view', 'deny'],
  arch06: ['view', 'view', 'view', 'view', 'view', 'view', 'view', 'deny'],
  arrc03: ['view', 'view', 'ok', 'ok', 'view', 'view', 'view', 'ok'],
  rftt00: ['view', 'view', 'ok', 'ok', 'view', 'view', 'view', 'ok'],
  appstp1: ['step', 'step', 'view', 'view', 'view', 'view', 'view', 'deny'],
  lvrr02: ['view', 'view', 'view', 'view', 'view', 'view', 'view', 'deny'],
  inbox: ['view', 'view', 'ok', 'ok', 'view', 'view', 'ok', 'ok'],
  junk: ['view', 'view', 'view', 'view', 'ok', 'ok', 'view', 'ok'],
};

const EXPECTED: Record<string, Record<PlaceKey, Row>> = {
  'mario.rossi': STAFF,
  'anna.bianchi': {
    ...STAFF,
    appstp1: ['ok', 'ok', 'view', 'view', 'view', 'view', 'view', 'deny'],
  },
  'foto.studio': {
    arch04: ['hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden'],
    shared: ['hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden'],
    arch06: ['hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden'],
    arrc03: ['hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden'],
    rftt00: ['hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden'],
    appstp1: ['hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden'],
    lvrr02: ['view', 'view', 'ok', 'ok', 'view', 'view', 'ok', 'ok'],
    inbox: ['view', 'view', 'view', 'view', 'view', 'view', 'view', 'deny'],
    junk: ['hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden'],
  },
  'paola.neri': STAFF,
  'giulia.basic': STAFF,
  admin: STAFF,
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

const ANSWER: Record<Outcome, (action: Action) => [number, string | null]> = {
  ok: (action) => [action === 'rename' ? 200 : 202, null],
  view: () => [403, CODES.ACTION_NOT_ALLOWED],
  step: () => [403, CODES.NOT_ENABLED_FOR_STEP],
  deny: () => [403, ERROR_CODES.FORBIDDEN],
  hidden: () => [404, ERROR_CODES.NOT_FOUND],
};

let t: TestApp;
let folders: Map<string, string>;
const sessions = new Map<string, SignedIn>();
const contentIn = new Map<PlaceKey, string>();
/** Where each user's move and restore go: a folder the user writes, outside approval and junk. */
const targetOf = (user: string) =>
  folders.get(user === 'foto.studio' ? 'frnt01-marketing-fotostudio' : 'move-target')!;

beforeAll(async () => {
  t = await startTestApp({ PROCESS_ROLE: 'api' });
  folders = await seedDemoOrganisation(t);
  const made = await seedFolders(
    t,
    [
      folder('shared-archive', null, 'Shared archive', { 'L/MARKETING': { write: true, share: true } }),
      folder('move-target', null, 'Move target', { 'L/MARKETING': { write: true } }),
    ],
    ['L/MARKETING'],
  );
  for (const [prettyId, id] of made) folders.set(prettyId, id);
  for (const [key, prettyId] of Object.entries(PLACES))
    contentIn.set(
      key as PlaceKey,
      // Owned by nobody who signs in: an owner may see and write a content whatever its folders.
      await insertContent(t, { name: `${key}.jpg`, folders: [folders.get(prettyId)!], owner: 'nobody' }),
    );
  for (const user of Object.keys(EXPECTED)) sessions.set(user, await as(t, user));
});
afterAll(() => t?.close());

async function attempt(cell: Cell): Promise<{ status: number; code: string | null; jobId?: string }> {
  const s = sessions.get(cell.user)!;
  const contentId = contentIn.get(cell.place)!;
  if (cell.action === 'rename') {
    const res = await call<{ code?: string }>(t, 'PATCH', `/api/assets/${contentId}`, {
      json: { name: `renamed by ${cell.user}` },
      headers: headersOf(s),
    });
    return { status: res.status, code: res.body.code ?? null };
  }
  const body = {
    contentIds: [contentId],
    folderId: folders.get(PLACES[cell.place])!,
    ...(cell.action === 'reject' ? { note: 'Riflesso sul cofano' } : {}),
    ...(cell.action === 'move' || cell.action === 'restore' ? { toFolderId: targetOf(cell.user) } : {}),
  };
  const res = await post<{ code?: string; jobId?: string }>(t, s, `/api/workflow/${cell.action}`, body);
  return { status: res.status, code: res.body.code ?? null, jobId: res.body.jobId };
}

describe('SPEC §6 permission table over POST /api/workflow/{action} and PATCH /api/assets/:id', () => {
  it.each(CELLS)('$name', async (cell) => {
    const jobsBefore = await hubDb(t).jobRecord.count();
    const answer = await attempt(cell);
    const [status, code] = ANSWER[cell.expected](cell.action);
    expect([answer.status, answer.status < 300 ? null : answer.code]).toEqual([status, code]);
    const enqueued = cell.expected === 'ok' && cell.action !== 'rename' ? 1 : 0;
    expect((await hubDb(t).jobRecord.count()) - jobsBefore).toBe(enqueued);
    if (enqueued) {
      const job = await hubDb(t).jobRecord.findUnique({ where: { id: answer.jobId! } });
      expect(job?.createdBy).toBe(cell.user);
    }
  });
});
