/**
 * The layout rules of README's "Repository layout", checked: no import circles among the site's
 * modules, and src/lib stays free of React views and grouped by feature.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE_DIRS = ['src', 'plugins', 'config', 'sidebars', 'scripts'];
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.cjs', '.mjs', '.js', '/index.ts', '/index.tsx'];

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(tsx?|mts|cjs|mjs)$/.test(name) && !name.endsWith('.d.ts')) yield full;
  }
}

/** The site modules a file imports (relative and `@site/` specifiers, type-only imports included). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import|require)\s*\(?\s*['"]([^'"\n]+)['"]/g)].map((m) => m[1]);
  return specifiers.flatMap((specifier) => {
    const base = specifier.startsWith('@site/')
      ? path.join(ROOT, specifier.slice(6))
      : specifier.startsWith('.')
        ? path.resolve(path.dirname(file), specifier)
        : undefined;
    if (!base) return [];
    const found = EXTENSIONS.map((ext) => base + ext).find(
      (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
    );
    return found ? [found] : [];
  });
}

/** Every cycle of the import graph, each as the list of files around it. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

test('the cycle finder finds a circle and passes a tree', () => {
  assert.deepEqual(
    importCycles(
      new Map([
        ['a', ['b']],
        ['b', ['c']],
        ['c', ['a']],
      ]),
    ),
    [['a', 'b', 'c', 'a']],
  );
  assert.deepEqual(
    importCycles(
      new Map([
        ['a', ['b', 'c']],
        ['b', ['c']],
        ['c', []],
      ]),
    ),
    [],
  );
});

test('no import circles among the site modules', () => {
  const files = SOURCE_DIRS.flatMap((dir) => [...sourceFiles(path.join(ROOT, dir))]);
  assert.ok(files.length > 80, `${files.length} source files`);
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const cycles = importCycles(graph).map((cycle) => cycle.map((file) => path.relative(ROOT, file)).join(' → '));
  assert.deepEqual(cycles, []);
});

test('src/lib holds feature folders of pure modules: no React views, no loose files', () => {
  const lib = path.join(ROOT, 'src/lib');
  const loose = readdirSync(lib).filter((name) => !statSync(path.join(lib, name)).isDirectory());
  assert.deepEqual(loose, [], 'every module of src/lib belongs to a feature folder');
  const views = [...sourceFiles(lib)].filter((file) => file.endsWith('.tsx')).map((file) => path.relative(ROOT, file));
  assert.deepEqual(views, [], 'React views live in src/components or beside their page');
});
