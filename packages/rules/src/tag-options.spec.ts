import { LIMITS } from './limits';
import {
  exceedsTaggingLimit,
  freeTagNames,
  freeTagNamesProblem,
  sameTagName,
  tagNamedLike,
  tagTree,
} from './tag-options';

describe('free tag names', () => {
  it('keeps the names given, trimmed, and leaves blank ones out', () => {
    expect(freeTagNames({ it: ' Rally ', en: '  ', fr: undefined })).toEqual({ it: 'Rally' });
  });

  it('asks for one name at least, each a valid name (150 Latin-1 characters at most)', () => {
    expect(freeTagNamesProblem({ it: 'Rally', fr: 'Rallye' })).toBeNull();
    expect(freeTagNamesProblem({ en: ' ' })).toEqual({ field: 'names', problem: 'required' });
    expect(freeTagNamesProblem({ it: 'Rally', en: 'Rally ✓' })).toEqual({
      field: 'names.en',
      problem: 'invalid',
    });
    expect(freeTagNamesProblem({ fr: 'x'.repeat(LIMITS.nameMaxLength + 1) })).toEqual({
      field: 'names.fr',
      problem: 'invalid',
    });
  });

  it('finds a tag bearing one of the names in any language, ignoring case and blanks', () => {
    const tags: { id: string; names: Record<string, string> }[] = [
      { id: 't1', names: { it: 'Esterni', en: 'Exterior' } },
      { id: 't2', names: { fr: 'Détail' } },
    ];
    expect(sameTagName(' ÉTÉ', 'été')).toBe(true);
    expect(tagNamedLike(['exterior'], tags)?.id).toBe('t1');
    expect(tagNamedLike(['Nuovo', 'DÉTAIL'], tags)?.id).toBe('t2');
    expect(tagNamedLike(['Esterno'], tags)).toBeUndefined();
  });
});

describe('exceedsTaggingLimit (SPEC §5)', () => {
  it('allows 200 assets and refuses 201', () => {
    expect(exceedsTaggingLimit(LIMITS.taggingMaxAssets)).toBe(false);
    expect(exceedsTaggingLimit(LIMITS.taggingMaxAssets + 1)).toBe(true);
  });
});

describe('tagTree (SPEC §3 sub-tags)', () => {
  const tag = (id: string, it: string, parentId: string | null = null) => ({
    id,
    classificationId: 'dmuyud',
    names: { it, en: it },
    parentId,
  });

  it('puts each sub-tag under its parent, siblings by name', () => {
    const tags = [
      tag('b', 'Interni'),
      tag('c', 'Retro', 'a'),
      tag('a', 'Esterni'),
      tag('d', 'Frontale', 'a'),
    ];
    expect(tagTree(tags, 'it').map((t) => [t.tag.id, t.depth])).toEqual([
      ['a', 0],
      ['d', 1],
      ['c', 1],
      ['b', 0],
    ]);
  });

  it('keeps at the top a sub-tag whose parent is not listed, and the tags of a cycle', () => {
    const tags = [tag('x', 'Orfano', 'gone'), tag('p', 'Uno', 'q'), tag('q', 'Due', 'p')];
    expect(tagTree(tags, 'it').map((t) => [t.tag.id, t.depth])).toEqual([
      ['x', 0],
      ['p', 0],
      ['q', 0],
    ]);
  });
});
