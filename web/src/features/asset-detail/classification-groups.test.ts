import { byClassification } from './classification-groups';

describe('byClassification', () => {
  it('groups by classification code: tags, products, copyright, metadata, then unknown codes by code', () => {
    const items = [
      { classificationId: 'ggdyqo', id: 'accepted' },
      { classificationId: 'zz-other', id: 'z' },
      { classificationId: 'vu62a5', id: '500e' },
      { classificationId: 'dmuyud', id: 'summer' },
      { classificationId: 'aa-other', id: 'a' },
      { classificationId: 'joc5rg', id: 'people' },
      { classificationId: 'dmuyud', id: 'spider' },
    ];
    expect(byClassification(items).map(([code, group]) => [code, group.map((i) => i.id)])).toEqual([
      ['dmuyud', ['summer', 'spider']],
      ['vu62a5', ['500e']],
      ['joc5rg', ['people']],
      ['ggdyqo', ['accepted']],
      ['aa-other', ['a']],
      ['zz-other', ['z']],
    ]);
  });

  it('has no group for an asset with nothing', () => {
    expect(byClassification([])).toEqual([]);
  });
});
