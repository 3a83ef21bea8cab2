import { join } from 'node:path';
import { cyclicPairs, folderGraph } from './import-graph';

const graph = folderGraph(join(__dirname));

describe('the imports between the folders of server/src', () => {
  // docs/architecture.md: imports go one way, down the layers; a pair that reaches back fails here.
  it('make no cycle: no two folders reach each other', () => {
    expect(cyclicPairs(graph)).toEqual([]);
  });

  it('reach workflow/ only from the module root: features do not build on the workflow', () => {
    const importers = [...graph]
      .filter(([, to]) => to.has('workflow'))
      .map(([from, to]) => [from, to.get('workflow')]);
    expect(importers).toEqual([['.', expect.any(String)]]);
  });

  it('sees a cycle and who imports whom', () => {
    const tiny = new Map([
      ['a', new Map([['b', 'a/x.ts']])],
      ['b', new Map([['c', 'b/y.ts']])],
      ['c', new Map([['a', 'c/z.ts']])],
      ['d', new Map([['a', 'd/w.ts']])],
    ]);
    expect(cyclicPairs(tiny)).toEqual(['a ↔ b', 'a ↔ c', 'b ↔ c']);
    expect(folderGraph(join(__dirname)).get('workflow')?.get('places')).toMatch(/^workflow\//);
  });
});
