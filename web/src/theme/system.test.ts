import { defaultSystem } from '@chakra-ui/react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { system } from './system';

const chakraEsm = join(dirname(require.resolve('@chakra-ui/react/package.json')), 'dist/esm');
const webSources = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

/** The names the app imports from Chakra's barrel, types left out. */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(webSources))
    for (const [, list] of readFileSync(file, 'utf8').matchAll(
      /import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g,
    ))
      for (const item of list.split(',').map((part) => part.trim()))
        if (item && !item.startsWith('type ')) names.add(item.split(/\s+as\s+/)[0]);
  return names;
}

/** Where Chakra's barrel takes each export from: `export { A } from './x.js'` or a namespace (`Dialog`). */
function barrelFiles(): Map<string, string> {
  const barrel = readFileSync(join(chakraEsm, 'index.js'), 'utf8');
  const files = new Map<string, string>();
  for (const [, list, from] of barrel.matchAll(/export\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g))
    for (const item of list.split(','))
      files.set(
        item
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? '',
        resolve(chakraEsm, from),
      );
  const namespaces = new Map(
    [...barrel.matchAll(/import \* as (\S+) from '(\.[^']+)'/g)].map(([, local, from]) => [
      local,
      resolve(chakraEsm, from),
    ]),
  );
  for (const [, local, name] of barrel.matchAll(/export \{ (\S+) as (\w+) \};/g)) {
    const file = namespaces.get(local);
    if (file) files.set(name, file);
  }
  return files;
}

/** The recipe keys the modules reach, following Chakra's own relative imports. */
function recipeKeys(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const keys = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, key] of text.matchAll(
      /(?:createSlotRecipeContext|createRecipeContext|useRecipe|useSlotRecipe)\(\{\s*key:\s*"([^"]+)"/g,
    ))
      keys.add(key);
    for (const [, from] of text.matchAll(/from\s*'(\.[^']+)'/g)) visit(resolve(dirname(file), from));
  };
  entries.forEach(visit);
  return keys;
}

describe('the Chakra system (issue 26: only the recipes in use ship)', () => {
  const files = barrelFiles();
  const used = recipeKeys(
    [...importedNames()].flatMap((name) => {
      const file = files.get(name);
      return file ? [file] : [];
    }),
  );
  const hasRecipe = (owner: typeof system, key: string) => owner.isRecipe(key) || owner.isSlotRecipe(key);

  it('finds the recipes of the components the app imports', () => {
    expect([...used]).toEqual(expect.arrayContaining(['button', 'dialog', 'field', 'menu']));
  });

  it('has the recipe of every Chakra component the app imports', () => {
    const missing = [...used].filter((key) => hasRecipe(defaultSystem, key) && !hasRecipe(system, key));
    expect(missing).toEqual([]);
  });
});
