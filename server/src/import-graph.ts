import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** The folder of `server/src` a file belongs to; files at the top (app.module, main) are `.`. */
export function folderOf(srcDir: string, file: string): string {
  const rel = relative(srcDir, file);
  return rel.includes(sep) ? rel.split(sep)[0]! : '.';
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/**
 * The folder-level import graph of `server/src` from relative imports (specs and `generated/`
 * left out): for each folder, the other folders its files import, each with one file that does.
 */
export function folderGraph(srcDir: string): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(srcDir)) {
    const from = folderOf(srcDir, file);
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = folderOf(srcDir, resolve(dirname(file), spec!));
      if (to !== from && !edges.has(to)) edges.set(to, relative(srcDir, file));
    }
  }
  return graph;
}

/** Every pair of folders that reach each other, as `a ↔ b` with a < b (strongly connected, by pairs). */
export function cyclicPairs(graph: Map<string, Map<string, string>>): string[] {
  const reach = (start: string): Set<string> => {
    const seen = new Set<string>();
    const todo = [start];
    for (let at = todo.pop(); at !== undefined; at = todo.pop())
      for (const next of graph.get(at)?.keys() ?? [])
        if (!seen.has(next)) {
          seen.add(next);
          todo.push(next);
        }
    return seen;
  };
  const reached = new Map([...graph.keys()].map((folder) => [folder, reach(folder)]));
  const pairs: string[] = [];
  for (const [a, fromA] of reached)
    for (const b of fromA) if (a < b && reached.get(b)?.has(a)) pairs.push(`${a} ↔ ${b}`);
  return pairs.sort();
}
