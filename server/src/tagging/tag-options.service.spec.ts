import { ENRICHMENT_CLASSIFICATIONS, ENRICHMENT_ERROR_CODES as CODES, type TagSummary } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { DomainError } from '../common/domain-error';
import type { EnrichmentGateway, TagDefinitionSummary } from '../provider/enrichment.gateway';
import { TagOptionsService } from './tag-options.service';

const FREE = ENRICHMENT_CLASSIFICATIONS.tags;

/** The provider's tag definitions in memory, as the enrichment gateway reads and writes them. */
class FakeTagDefinitions implements Pick<EnrichmentGateway, 'tagsOf' | 'insertTag' | 'tagDetail'> {
  tags: TagDefinitionSummary[] = [
    { id: 't1', prettyId: 'tag-exterior', classificationId: FREE, names: [{ lang: 'IT', label: 'Esterni' }] },
  ];
  inserted: Record<string, string>[] = [];

  tagsOf(_token: string, classificationId: string): Promise<TagSummary[]> {
    return Promise.resolve(
      this.tags
        .filter((t) => t.classificationId === classificationId)
        .map((t) => ({
          id: t.id,
          classificationId,
          names: Object.fromEntries(t.names.map((n) => [n.lang.toLowerCase(), n.label])),
        })),
    );
  }

  insertTag(_token: string, classificationId: string, names: Readonly<Record<string, string>>) {
    this.inserted.push({ ...names });
    const id = `new-${this.tags.length}`;
    const labels = Object.entries(names).map(([lang, label]) => ({ lang: lang.toUpperCase(), label }));
    this.tags.push({ id, prettyId: null, classificationId, names: labels });
    return Promise.resolve(id);
  }

  tagDetail(_token: string, _classificationId: string, id: string) {
    return Promise.resolve(this.tags.find((t) => t.id === id)!);
  }
}

const user = (roles: AuthUser['roles'] = ['user']): AuthUser => ({
  username: 'mario.rossi',
  roles,
  primaryRole: roles[0]!,
  department: 'marketing',
  departmentRestricted: true,
  approvalSteps: [],
  providerToken: 'tok',
  sessionId: 's',
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.catch((e: unknown) => e);
  if (!(error instanceof DomainError)) throw new Error('expected a DomainError');
  return { code: error.code, details: error.details };
}

describe('TagOptionsService.create (a free tag typed by the user)', () => {
  it('creates it in the free-tag classification with the names given, trimmed', async () => {
    const provider = new FakeTagDefinitions();
    const created = await new TagOptionsService(provider).create(user(), {
      names: { it: ' Rally ', en: 'Rally race', fr: '' },
    });
    expect(created).toEqual({
      id: 'new-1',
      prettyId: null,
      classificationId: FREE,
      names: { it: 'Rally', en: 'Rally race' },
    });
    expect(provider.inserted).toEqual([{ it: 'Rally', en: 'Rally race' }]);
  });

  it('refuses a name a free tag bears already, ignoring case, naming that tag; nothing is inserted', async () => {
    const provider = new FakeTagDefinitions();
    await expect(
      refusal(new TagOptionsService(provider).create(user(), { names: { en: 'ESTERNI' } })),
    ).resolves.toEqual({ code: CODES.TAG_EXISTS, details: { ids: ['t1'] } });
    expect(provider.inserted).toEqual([]);
  });

  it('refuses no name, an invalid one, and an observer', async () => {
    const service = new TagOptionsService(new FakeTagDefinitions());
    await expect(refusal(service.create(user(), { names: { it: '  ' } }))).resolves.toMatchObject({
      code: CODES.TAG_NAME_INVALID,
      details: { field: 'names', problem: 'required' },
    });
    await expect(refusal(service.create(user(), { names: { fr: 'Été ☀' } }))).resolves.toMatchObject({
      code: CODES.TAG_NAME_INVALID,
      details: { field: 'names.fr' },
    });
    await expect(
      refusal(service.create(user(['observer']), { names: { it: 'Rally' } })),
    ).resolves.toMatchObject({ code: CODES.NOT_ALLOWED });
  });
});
