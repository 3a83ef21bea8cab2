import {
  ERROR_CODES,
  LEGAL_HOLD_ERROR_CODES,
  LIMITS,
  WORKFLOW_ERROR_CODES as CODES,
  WORKFLOW_METADATA as META,
  WORKFLOW_TAGS as TAGS,
  type ChecklistMark,
} from '@paddock/rules';
import { AuditRepository, type JunkEntry } from '../audit/audit.repository';
import { CLOCK } from '../common/clock';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import {
  FOLDERS,
  contentAtStep,
  contentIn,
  demoProvider,
  fixedClock,
  folderIn,
  recordingJobs,
  userOf,
  type DemoUsername,
} from '../../test/support/workflow-factories';
import { JobName } from '../jobs/job-catalogue';
import { JobsService } from '../jobs/jobs.service';
import { PLACES_PROVIDERS } from '../places/places.module';
import type { StoredMark } from '../rejection-checklist/rejection-checks.repository';
import { inMemoryRejectionChecks } from '../../test/support/in-memory-rejection-checks';
import { inMemoryLegalHolds } from '../../test/support/in-memory-legal-holds';
import { WorkflowService } from './workflow.service';

const DRAWING = JSON.stringify({
  version: 1,
  strokes: [{ color: '#ff0000', width: 0.01, points: [[0.1, 0.1]] }],
});

let provider: InMemoryProvider;
let jobs: ReturnType<typeof recordingJobs>;
let service: WorkflowService;
/** How the hub saw each content go into the junk (the audit rows of the delete jobs). */
let origins: Map<string, JunkEntry>;
/** The checklist marks, by `asset@version`, as the hub's table keeps them. */
let marks: Map<string, StoredMark[]>;
let holds: ReturnType<typeof inMemoryLegalHolds>;
const clock = fixedClock();
/** A delete by someone else, long ago: the way back it recorded, and no Undo for anyone. */
const deletedFrom = (fromFolderId: string): JunkEntry => ({
  fromFolderId,
  actor: 'admin',
  action: 'delete',
  at: new Date(0),
});
const id = (prettyId: string) => provider.folderByPrettyId(prettyId).id;
const as = userOf;

/** A write right the demo ACLs do not give (approvers only see their step), for refusals SPEC §6 makes whatever the ACL. */
function writableBy(prettyId: string, group: string): void {
  provider.folderByPrettyId(prettyId).acl.set(group, { write: true });
}

beforeEach(async () => {
  provider = demoProvider();
  jobs = recordingJobs();
  origins = new Map();
  const audit: Pick<AuditRepository, 'junkEntries'> = {
    junkEntries: (_junk, ids) =>
      Promise.resolve(new Map([...origins].filter(([content]) => ids.includes(content)))),
  };
  const checks = inMemoryRejectionChecks(clock);
  marks = checks.marks;
  holds = inMemoryLegalHolds();
  const module = await provider.compile([
    WorkflowService,
    ...PLACES_PROVIDERS,
    ...holds.providers,
    checks.provider,
    { provide: JobsService, useValue: jobs },
    { provide: AuditRepository, useValue: audit },
    { provide: CLOCK, useValue: clock },
  ]);
  service = module.get(WorkflowService);
});

/** A refusal: its code (and kind when given), nothing enqueued, nothing changed at the provider. */
async function refused(
  submit: Promise<unknown>,
  expected: { code: string; status?: number; message?: string; details?: unknown },
): Promise<void> {
  await expect(submit).rejects.toMatchObject(expected);
  expect(jobs.submitted).toEqual([]);
  const changes = [
    'linkContents',
    'unlinkContents',
    'addTags',
    'removeTags',
    'setMetadata',
    'trash',
  ] as const;
  expect(changes.map((c) => provider.count(c))).toEqual(changes.map(() => 0));
}

const body = (user: DemoUsername, contentIds: string[], folder: string) => ({
  user: as(user),
  base: { contentIds, folderId: id(folder) },
});

describe('accept', () => {
  it('at step 1 (anna): a job from step 1 to step 2 with the junk as fallback, as anna', async () => {
    const c = contentAtStep(provider, 1);
    const { user, base } = body('anna.bianchi', [c], FOLDERS.step1);
    expect(await service.accept(user, base)).toEqual({ jobId: 'job-1' });
    expect(jobs.submitted).toEqual([
      {
        name: JobName.WorkflowAccept,
        actor: 'anna.bianchi',
        payload: {
          folderId: id(FOLDERS.step1),
          plan: [{ contentId: c, from: id(FOLDERS.step1), to: id(FOLDERS.step2) }],
          lastStep: false,
          junkFolderId: id(FOLDERS.junk),
        },
      },
    ]);
  });

  it('from the approval folder above the steps, the contents’ own step decides', async () => {
    const c = contentIn(provider, [FOLDERS.approval, FOLDERS.step1]);
    const { user, base } = body('anna.bianchi', [c], FOLDERS.approval);
    await service.accept(user, base);
    expect(jobs.submitted[0]!.payload).toMatchObject({
      plan: [{ from: id(FOLDERS.step1), to: id(FOLDERS.step2) }],
    });
  });

  it('refuses a content not in the folder (NOT_IN_FOLDER)', async () => {
    const c = contentAtStep(provider, 2);
    const { user, base } = body('anna.bianchi', [c], FOLDERS.step1);
    await refused(service.accept(user, base), { code: CODES.NOT_IN_FOLDER, details: { ids: [c] } });
  });

  it('refuses contents at different steps (MIXED_STEPS)', async () => {
    const one = contentIn(provider, [FOLDERS.approval, FOLDERS.step1]);
    const two = contentIn(provider, [FOLDERS.approval, FOLDERS.step2]);
    const { user, base } = body('anna.bianchi', [one, two], FOLDERS.approval);
    await refused(service.accept(user, base), { code: CODES.MIXED_STEPS });
  });

  it('refuses a user not enabled for the step (luca at step 1)', async () => {
    const c = contentAtStep(provider, 1);
    const { user, base } = body('luca.conti', [c], FOLDERS.step1);
    await refused(service.accept(user, base), { code: CODES.NOT_ENABLED_FOR_STEP, status: 403 });
  });

  it('refuses an accept outside the approver view (ACTION_NOT_ALLOWED)', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    const { user, base } = body('anna.bianchi', [c], FOLDERS.archive);
    await refused(service.accept(user, base), { code: CODES.ACTION_NOT_ALLOWED, status: 403 });
  });

  it('refuses a folder the user cannot see (NOT_FOUND)', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    const { base } = body('anna.bianchi', [c], FOLDERS.archive);
    await refused(service.accept(as('foto.studio'), base), { code: ERROR_CODES.NOT_FOUND });
  });

  describe('at the last step (luca, step 2)', () => {
    it('goes into the enrichment folder chosen, or one below it', async () => {
      const below = folderIn(provider, 'enrichment-2026', FOLDERS.enrichment, {
        'L/MARKETING': { write: true },
      });
      const c = contentAtStep(provider, 2);
      const { user, base } = body('luca.conti', [c], FOLDERS.step2);
      await service.accept(user, { ...base, enrichmentFolderId: below });
      expect(jobs.submitted[0]!.payload).toMatchObject({
        lastStep: true,
        plan: [{ contentId: c, from: id(FOLDERS.step2), to: below }],
      });
    });

    it.each([
      ['no folder', () => undefined],
      ['a folder outside the enrichment folder', () => id(FOLDERS.archive)],
      ['a folder the user cannot see', () => folderIn(provider, 'hidden', FOLDERS.enrichment, {})],
    ])('refuses %s (ENRICHMENT_FOLDER_REQUIRED)', async (_, chosen) => {
      const c = contentAtStep(provider, 2);
      const { user, base } = body('luca.conti', [c], FOLDERS.step2);
      await refused(service.accept(user, { ...base, enrichmentFolderId: chosen() }), {
        code: CODES.ENRICHMENT_FOLDER_REQUIRED,
      });
    });
  });
});

describe('a rejection carried over to the new version (issue 27)', () => {
  /** Version 2 at step 1, answering the rejection of version 1: two regions far apart. */
  const carrying = () =>
    contentAtStep(provider, 1, {
      version: 2,
      metadata: {
        [META.note]: 'Mirror and plate',
        [META.canvas]: JSON.stringify({
          version: 1,
          contentVersion: 1,
          strokes: [
            {
              color: '#e11d48',
              width: 0.005,
              points: [
                [0.1, 0.1],
                [0.2, 0.2],
              ],
            },
            {
              color: '#e11d48',
              width: 0.005,
              points: [
                [0.8, 0.8],
                [0.9, 0.9],
              ],
            },
          ],
        }),
      },
    });
  const mark = (
    c: string,
    region: number,
    value: ChecklistMark | null,
    version = 2,
    user: DemoUsername = 'anna.bianchi',
  ) =>
    service.markChecklist(as(user), {
      contentId: c,
      folderId: id(FOLDERS.step1),
      version,
      region,
      mark: value,
    });

  it('refuses the accept until every region is fixed or n/a, then queues it', async () => {
    const c = carrying();
    const { user, base } = body('anna.bianchi', [c], FOLDERS.step1);
    await refused(service.accept(user, base), {
      code: CODES.CHECKLIST_OPEN,
      status: 409,
      details: { ids: [c] },
    });
    await mark(c, 1, 'fixed');
    await mark(c, 2, 'notFixed');
    await refused(service.accept(user, base), { code: CODES.CHECKLIST_OPEN });
    await mark(c, 2, 'na');
    expect(await service.accept(user, base)).toEqual({ jobId: 'job-1' });
    expect(marks.get(`${c}@2`)).toEqual([
      expect.objectContaining({ region: 1, mark: 'fixed', markedBy: 'anna.bianchi' }),
      expect.objectContaining({ region: 2, mark: 'na' }),
    ]);
  });

  it('refuses a bulk accept naming only the versions still to check', async () => {
    const open = carrying();
    const plain = contentAtStep(provider, 1);
    const { user, base } = body('anna.bianchi', [open, plain], FOLDERS.step1);
    await refused(service.accept(user, base), { code: CODES.CHECKLIST_OPEN, details: { ids: [open] } });
  });

  it('lets only who may accept here mark, and only the current version and its regions', async () => {
    const c = carrying();
    await refused(mark(c, 1, 'fixed', 2, 'luca.conti'), { code: CODES.NOT_ENABLED_FOR_STEP });
    await refused(mark(c, 1, 'fixed', 1), { code: CODES.CHECKLIST_STALE, status: 409 });
    await refused(mark(c, 3, 'fixed'), { code: CODES.CHECKLIST_STALE });
    const plain = contentAtStep(provider, 1);
    await refused(mark(plain, 1, 'fixed', 1), { code: CODES.CHECKLIST_STALE });
    expect(marks.get(`${c}@2`)).toBeUndefined();
  });

  it('clears a mark with null', async () => {
    const c = carrying();
    await mark(c, 1, 'fixed');
    await mark(c, 1, null);
    expect(marks.get(`${c}@2`)).toEqual([]);
  });
});

describe('reject', () => {
  it('a job into the rejected folder with the trimmed note and the drawing', async () => {
    const c = contentAtStep(provider, 1);
    const { user, base } = body('anna.bianchi', [c], FOLDERS.step1);
    await service.reject(user, { ...base, note: '  Riflesso sul cofano ', canvas: DRAWING });
    expect(jobs.submitted[0]).toMatchObject({
      name: JobName.WorkflowReject,
      payload: {
        plan: [{ contentId: c, from: id(FOLDERS.step1), to: id(FOLDERS.rejected) }],
        note: 'Riflesso sul cofano',
        canvas: DRAWING,
        junkFolderId: id(FOLDERS.junk),
      },
    });
  });

  it('refuses an empty note (NOTE_REQUIRED)', async () => {
    const c = contentAtStep(provider, 1);
    const { user, base } = body('anna.bianchi', [c], FOLDERS.step1);
    await refused(service.reject(user, { ...base, note: '   ' }), {
      code: CODES.NOTE_REQUIRED,
      status: 400,
    });
  });

  it('refuses a drawing that is not one (VALIDATION_FAILED)', async () => {
    const c = contentAtStep(provider, 1);
    const { user, base } = body('anna.bianchi', [c], FOLDERS.step1);
    await refused(service.reject(user, { ...base, note: 'x', canvas: '{"version":2}' }), {
      code: ERROR_CODES.VALIDATION_FAILED,
    });
  });

  it('refuses an observer: not enabled for the step', async () => {
    const c = contentAtStep(provider, 1);
    const { user, base } = body('paola.neri', [c], FOLDERS.step1);
    await refused(service.reject(user, { ...base, note: 'no' }), { code: CODES.NOT_ENABLED_FOR_STEP });
  });

  it('refuses when the department has no rejected folder', async () => {
    provider.folders.delete(id(FOLDERS.rejected));
    const c = contentAtStep(provider, 1);
    const { user, base } = body('anna.bianchi', [c], FOLDERS.step1);
    await refused(service.reject(user, { ...base, note: 'x' }), {
      code: CODES.ACTION_NOT_ALLOWED,
      status: 403,
    });
  });
});

describe('move', () => {
  it('a job from the enrichment folder to a folder the user writes', async () => {
    const c = contentIn(provider, [FOLDERS.enrichment]);
    const { user, base } = body('mario.rossi', [c], FOLDERS.enrichment);
    await service.move(user, { ...base, toFolderId: id(FOLDERS.archive) });
    expect(jobs.submitted[0]).toMatchObject({
      name: JobName.WorkflowMove,
      payload: {
        plan: [{ contentId: c, from: id(FOLDERS.enrichment), to: id(FOLDERS.archive) }],
        junkFolderId: id(FOLDERS.junk),
      },
    });
  });

  it('refuses a move from an approval step (ACTION_NOT_ALLOWED, SPEC §6)', async () => {
    const c = contentAtStep(provider, 1);
    const { user, base } = body('anna.bianchi', [c], FOLDERS.step1);
    await refused(service.move(user, { ...base, toFolderId: id(FOLDERS.enrichment) }), {
      code: CODES.ACTION_NOT_ALLOWED,
      status: 403,
    });
  });

  it('refuses a target the user may not write', async () => {
    const c = contentIn(provider, [FOLDERS.enrichment]);
    const { user, base } = body('mario.rossi', [c], FOLDERS.enrichment);
    await refused(service.move(user, { ...base, toFolderId: id(FOLDERS.internalShared) }), {
      code: CODES.ACTION_NOT_ALLOWED,
      status: 403,
      message: 'You may not add contents to the target folder',
    });
  });

  it.each([
    ['an approval step', FOLDERS.step1],
    ['the junk', FOLDERS.junk],
    ['the rejected folder', FOLDERS.rejected],
  ])('refuses %s as target, even writable (TARGET_NOT_ALLOWED)', async (_, target) => {
    writableBy(target, 'APP.MARKETING.STEP1');
    const c = contentIn(provider, [FOLDERS.enrichment]);
    const { user, base } = body('anna.bianchi', [c], FOLDERS.enrichment);
    await refused(service.move(user, { ...base, toFolderId: id(target) }), {
      code: CODES.TARGET_NOT_ALLOWED,
      status: 400,
    });
  });
});

describe('delete', () => {
  it('a job into the junk', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    const { user, base } = body('mario.rossi', [c], FOLDERS.archive);
    await service.delete(user, base);
    expect(jobs.submitted[0]).toMatchObject({
      name: JobName.WorkflowDelete,
      payload: { plan: [{ contentId: c, from: id(FOLDERS.archive), to: id(FOLDERS.junk) }] },
    });
  });

  it('refuses a delete in the junk: that is the permanent delete', async () => {
    const c = contentIn(provider, [FOLDERS.junk]);
    const { user, base } = body('admin', [c], FOLDERS.junk);
    await refused(service.delete(user, base), { code: CODES.ACTION_NOT_ALLOWED, status: 403 });
  });

  it('refuses a delete without write on the folder (SPEC §6)', async () => {
    const c = contentIn(provider, [FOLDERS.internalShared]);
    const { user, base } = body('mario.rossi', [c], FOLDERS.internalShared);
    await refused(service.delete(user, base), { code: CODES.ACTION_NOT_ALLOWED, status: 403 });
  });

  it('refuses when the department has no junk folder', async () => {
    provider.folders.delete(id(FOLDERS.junk));
    const c = contentIn(provider, [FOLDERS.archive]);
    const { user, base } = body('mario.rossi', [c], FOLDERS.archive);
    await refused(service.delete(user, base), { code: CODES.ACTION_NOT_ALLOWED, status: 403 });
  });
});

describe('restore', () => {
  it('a job from the junk to a folder the user writes', async () => {
    const c = contentIn(provider, [FOLDERS.junk], { tags: [TAGS.deleted] });
    const { user, base } = body('admin', [c], FOLDERS.junk);
    await service.restore(user, { ...base, toFolderId: id(FOLDERS.archive) });
    expect(jobs.submitted[0]).toMatchObject({
      name: JobName.WorkflowRestore,
      payload: {
        plan: [{ from: id(FOLDERS.junk), to: id(FOLDERS.archive) }],
        junkFolderId: id(FOLDERS.junk),
      },
    });
  });

  it('without a target, a job sending each content back to the folder it came from', async () => {
    const [a, b] = [FOLDERS.archive, FOLDERS.enrichment].map((from) => {
      const c = contentIn(provider, [FOLDERS.junk], { tags: [TAGS.deleted] });
      origins.set(c, deletedFrom(id(from)));
      return c;
    });
    const { user, base } = body('admin', [a!, b!], FOLDERS.junk);
    await service.restore(user, base);
    expect(jobs.submitted[0]).toMatchObject({
      name: JobName.WorkflowRestore,
      payload: {
        plan: [
          { contentId: a, from: id(FOLDERS.junk), to: id(FOLDERS.archive) },
          { contentId: b, from: id(FOLDERS.junk), to: id(FOLDERS.enrichment) },
        ],
      },
    });
  });

  it.each([
    ['unknown', null],
    ['an approval step', FOLDERS.step1],
  ])('refuses a restore to an origin that is %s (ORIGIN_UNAVAILABLE)', async (_, origin) => {
    const c = contentIn(provider, [FOLDERS.junk], { tags: [TAGS.deleted] });
    if (origin) origins.set(c, deletedFrom(id(origin)));
    const { user, base } = body('admin', [c], FOLDERS.junk);
    await refused(service.restore(user, base), { code: CODES.ORIGIN_UNAVAILABLE, status: 409 });
  });

  it('refuses a restore outside the junk', async () => {
    const c = contentIn(provider, [FOLDERS.enrichment]);
    const { user, base } = body('mario.rossi', [c], FOLDERS.enrichment);
    await refused(service.restore(user, { ...base, toFolderId: id(FOLDERS.archive) }), {
      code: CODES.ACTION_NOT_ALLOWED,
    });
  });

  it('refuses an approval step as target, even writable', async () => {
    writableBy(FOLDERS.step1, 'WRITE.MARKETING');
    const c = contentIn(provider, [FOLDERS.junk]);
    const { user, base } = body('admin', [c], FOLDERS.junk);
    await refused(service.restore(user, { ...base, toFolderId: id(FOLDERS.step1) }), {
      code: CODES.TARGET_NOT_ALLOWED,
      status: 400,
    });
  });
});

describe('restore by someone who may not open the junk: the Undo of their own delete only', () => {
  const undo = (over: Partial<JunkEntry> = {}) => {
    const c = contentIn(provider, [FOLDERS.junk], { tags: [TAGS.deleted] });
    origins.set(c, {
      fromFolderId: id(FOLDERS.archive),
      actor: 'mario.rossi',
      action: 'delete',
      at: new Date(clock.at.getTime() - 5_000),
      ...over,
    });
    return body('mario.rossi', [c], FOLDERS.junk);
  };

  it('restores what they deleted a moment ago back where it was, named or not', async () => {
    const named = undo();
    await service.restore(named.user, { ...named.base, toFolderId: id(FOLDERS.archive) });
    const unnamed = undo();
    await service.restore(unnamed.user, unnamed.base);
    const back = { payload: { plan: [{ to: id(FOLDERS.archive) }] } };
    expect(jobs.submitted).toMatchObject([back, back]);
  });

  // The junk is hidden from them at the provider: what they did not delete there is not found.
  it.each([
    ['someone else deleted', { actor: 'giulia.basic' }],
    ['came to the junk by a failed move', { action: 'move' }],
  ])('does not find a content that %s (NOT_FOUND)', async (_, over) => {
    const { user, base } = undo(over);
    await refused(service.restore(user, base), { code: ERROR_CODES.NOT_FOUND });
  });

  it.each([
    [
      `was deleted over ${LIMITS.junkUndoWindowMs} ms ago`,
      { at: new Date(clock.at.getTime() - LIMITS.junkUndoWindowMs - 1) },
      undefined,
    ],
    ['would go elsewhere than where it came from', {}, FOLDERS.enrichment],
  ])('refuses a content of their own delete that %s (ACTION_NOT_ALLOWED)', async (_, over, to) => {
    const { user, base } = undo(over);
    await refused(service.restore(user, { ...base, ...(to ? { toFolderId: id(to) } : {}) }), {
      code: CODES.ACTION_NOT_ALLOWED,
      status: 403,
    });
  });

  it('refuses the whole selection when one content is not their recent delete', async () => {
    const mine = undo();
    const other = undo({ actor: 'admin' });
    const contentIds = [...mine.base.contentIds, ...other.base.contentIds];
    await refused(service.restore(mine.user, { ...mine.base, contentIds }), {
      code: ERROR_CODES.NOT_FOUND,
    });
  });

  it('fails with the provider when the service look at the junk meets an outage', async () => {
    const { user, base } = undo();
    provider.fail('withToken', ERROR_CODES.PROVIDER_UNAVAILABLE, { transient: true });
    await refused(service.restore(user, base), { code: ERROR_CODES.PROVIDER_UNAVAILABLE });
  });

  it('answers with their own look when the service look finds nothing', async () => {
    const c = contentIn(provider, [FOLDERS.enrichment]);
    origins.set(c, { ...deletedFrom(id(FOLDERS.archive)), actor: 'mario.rossi', at: clock.at });
    const { user, base } = body('mario.rossi', [c], FOLDERS.enrichment);
    provider.fail('withToken', ERROR_CODES.NOT_FOUND);
    await refused(service.restore(user, base), { code: CODES.ACTION_NOT_ALLOWED });
  });

  it('refuses them every permanent delete, an admin allowed', async () => {
    const { user, base } = undo();
    await refused(service.permanentDelete(user, base), { code: ERROR_CODES.NOT_FOUND });
    await service.permanentDelete(userOf('admin'), base);
    expect(jobs.submitted).toHaveLength(1);
  });
});

describe('permanent delete', () => {
  function channels(): void {
    const acl = { 'L/MARKETING': { write: true, share: true }, 'PADDOCK.WORKFLOW': { write: true } };
    folderIn(provider, 'channel-press', FOLDERS.internalShared, acl);
    folderIn(provider, 'channel-web', FOLDERS.internalShared, acl);
  }

  it('a job for contents of the junk shared in one channel at most', async () => {
    channels();
    const once = contentIn(provider, [FOLDERS.junk, 'channel-press']);
    const { user, base } = body('admin', [once], FOLDERS.junk);
    await service.permanentDelete(user, base);
    expect(jobs.submitted[0]).toMatchObject({
      name: JobName.WorkflowPermanentDelete,
      payload: { plan: [{ contentId: once, to: null }] },
    });
  });

  it('refuses the whole selection when one content is shared in more than one channel', async () => {
    channels();
    const once = contentIn(provider, [FOLDERS.junk, 'channel-press']);
    const twice = contentIn(provider, [FOLDERS.junk, 'channel-press', 'channel-web']);
    const { user, base } = body('admin', [once, twice], FOLDERS.junk);
    await refused(service.permanentDelete(user, base), {
      code: CODES.SHARED_IN_CHANNELS,
      details: { ids: [twice] },
    });
  });

  it('refuses outside the junk', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    const { user, base } = body('mario.rossi', [c], FOLDERS.archive);
    await refused(service.permanentDelete(user, base), { code: CODES.ACTION_NOT_ALLOWED });
  });

  it('refuses the whole selection when a legal hold keeps one content, on it, its folder or its department', async () => {
    const [held, free] = [contentIn(provider, [FOLDERS.junk]), contentIn(provider, [FOLDERS.junk])];
    const { user, base } = body('admin', [held, free], FOLDERS.junk);
    for (const [scope, target] of [
      ['asset', held],
      ['folder', id(FOLDERS.junk)],
      ['department', 'marketing'],
    ] as const) {
      const hold = holds.hold(scope, target);
      await refused(service.permanentDelete(user, base), {
        code: LEGAL_HOLD_ERROR_CODES.HELD,
        status: 409,
        details: { ids: scope === 'asset' ? [held] : [held, free] },
      });
      holds.release(hold);
    }
    expect(await holds.kept('permanent-delete')).toBe(5);
    await service.permanentDelete(user, base);
    expect(jobs.submitted).toHaveLength(1);
  });
});

describe('supplier remove', () => {
  it('a job that unlinks from the folder sent to the supplier', async () => {
    const c = contentIn(provider, [FOLDERS.inbox]);
    const { user, base } = body('mario.rossi', [c], FOLDERS.inbox);
    await service.supplierRemove(user, base);
    expect(jobs.submitted[0]).toMatchObject({
      name: JobName.WorkflowSupplierRemove,
      payload: { plan: [{ contentId: c, from: id(FOLDERS.inbox), to: null }], junkFolderId: null },
    });
  });

  it.each([
    ['outside the supplier folders', FOLDERS.archive],
    ['in the suppliers root', FOLDERS.suppliers],
  ])('refuses %s', async (_, folder) => {
    const c = contentIn(provider, [folder]);
    const { user, base } = body('mario.rossi', [c], folder);
    await refused(service.supplierRemove(user, base), { code: CODES.ACTION_NOT_ALLOWED });
  });

  it('refuses the supplier in the folder it only receives', async () => {
    const c = contentIn(provider, [FOLDERS.inbox]);
    const { user, base } = body('foto.studio', [c], FOLDERS.inbox);
    await refused(service.supplierRemove(user, base), { code: CODES.ACTION_NOT_ALLOWED });
  });
});
