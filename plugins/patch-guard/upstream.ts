/**
 * The build-start check of the registry's module replacements and aliases (./patches.ts): a
 * replacement whose upstream file moved, or whose pattern no longer matches it, would do nothing,
 * silently; one whose upstream file gained or lost an export would break at run time. Each
 * problem names the entry's id.
 */
import {existsSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {parse} from 'acorn';
import type {PatchPoint, ReplacedModule} from './patches';

/** The folder of an installed package as Node resolves it from `fromDir`, or of this project (`.`). */
export function packageDir(pkg: string, siteDir: string, fromDir = siteDir): string | undefined {
  if (pkg === '.') return siteDir;
  const candidates = createRequire(path.join(fromDir, 'noop.js')).resolve.paths(pkg) ?? [];
  return candidates.map((dir) => path.join(dir, pkg)).find((dir) => existsSync(path.join(dir, 'package.json')));
}

/** The names a module's source exports: ES module syntax (parsed), else TypeScript or CommonJS (read). */
export function exportsOf(source: string): Set<string> {
  try {
    const program = parse(source, {ecmaVersion: 'latest', sourceType: 'module'});
    const names = new Set<string>();
    let esm = false;
    for (const node of program.body) {
      if (node.type === 'ExportDefaultDeclaration') {
        esm = true;
        names.add('default');
      } else if (node.type === 'ExportAllDeclaration') {
        esm = true;
        names.add(node.exported ? nameOf(node.exported) : '*');
      } else if (node.type === 'ExportNamedDeclaration') {
        esm = true;
        const declaration = node.declaration;
        if (declaration?.type === 'VariableDeclaration') {
          for (const declarator of declaration.declarations) {
            if (declarator.id.type === 'Identifier') names.add(declarator.id.name);
          }
        } else if (declaration && 'id' in declaration && declaration.id) {
          names.add(declaration.id.name);
        }
        for (const specifier of node.specifiers) names.add(nameOf(specifier.exported));
      } else if (node.type === 'ImportDeclaration') {
        esm = true;
      }
    }
    if (esm) return names;
  } catch {
    // TypeScript, JSX or a script: read below.
  }
  return exportsByText(source);
}

function nameOf(node: {type: string; name?: string; value?: unknown}): string {
  return node.type === 'Identifier' ? (node.name as string) : String(node.value);
}

/** Exports read from the text: `export function|const|class NAME`, `export {a, b as c}`, `exports.NAME =`. */
function exportsByText(source: string): Set<string> {
  const names = new Set<string>();
  for (const match of source.matchAll(/^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/gm)) {
    names.add(match[1]);
  }
  if (/^export\s+default\b/m.test(source)) names.add('default');
  for (const match of source.matchAll(/^export\s+(?!type\b)\{([^}]*)\}/gm)) {
    for (const part of match[1].split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name && !name.startsWith('type ')) names.add(name);
    }
  }
  for (const match of source.matchAll(/\bexports\.([\w$]+)\s*=/g)) names.add(match[1]);
  for (const match of source.matchAll(/\b__exportStar\b|\bexporter\(\s*["']([\w$]+)["']/g)) {
    if (match[1]) names.add(match[1]);
  }
  return names;
}

/** Whether `source` imports or requires `request` (a static specifier). */
export function importsRequest(source: string, request: string): boolean {
  const quoted = request.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(?:\\bfrom\\s*|\\brequire\\(\\s*|\\bimport\\(\\s*|\\bimport\\s*)(['"])${quoted}\\1`).test(source);
}

/** What is wrong with one replaced module today, each problem as a sentence. */
export function moduleProblems(module: ReplacedModule, siteDir: string): string[] {
  const problems: string[] = [];
  const importers = (module.importedBy ?? []).map((importer) => {
    const dir = packageDir(importer.package, siteDir);
    return {...importer, dir, full: dir && path.join(dir, importer.file)};
  });
  for (const importer of importers) {
    const where = `${importer.package === '.' ? '' : `${importer.package}/`}${importer.file}`;
    if (!importer.full || !existsSync(importer.full)) problems.push(`${where}, which imports it, is gone`);
    else if (!importsRequest(readFileSync(importer.full, 'utf8'), importer.request)) {
      problems.push(`${where} no longer imports '${importer.request}'`);
    }
  }
  const dir = packageDir(module.replaces.package, siteDir, importers[0]?.dir ?? siteDir);
  const label = `${module.replaces.package === '.' ? '' : `${module.replaces.package}/`}${module.replaces.file}`;
  const file = dir && path.join(dir, module.replaces.file);
  if (!file || !existsSync(file)) {
    problems.push(`${label}, the file it replaces, is gone`);
    return problems;
  }
  if (module.how === 'replacement' && module.on === 'resource' && module.match instanceof RegExp) {
    if (!module.match.test(file)) problems.push(`its pattern ${module.match} no longer matches ${label}`);
  }
  if (module.on === 'request') {
    for (const importer of importers) {
      const request = module.how === 'alias' ? `${importer.request}$` : importer.request;
      const matches = module.match instanceof RegExp ? module.match.test(importer.request) : module.match === request;
      if (!matches)
        problems.push(`its ${module.how} ${String(module.match)} does not match the request '${importer.request}'`);
    }
  }
  const upstream = exportsOf(readFileSync(file, 'utf8'));
  const missing = module.exports.filter((name) => !upstream.has(name));
  if (missing.length > 0) problems.push(`${label} no longer exports ${missing.join(', ')}`);
  if (module.exact) {
    const added = [...upstream].filter((name) => !module.exports.includes(name));
    if (added.length > 0) {
      problems.push(`${label} now also exports ${added.join(', ')}, which ${module.by} does not replace`);
    }
  }
  const ours = path.join(siteDir, module.by);
  if (!existsSync(ours)) problems.push(`${module.by} is gone`);
  else {
    const provided = exportsOf(readFileSync(ours, 'utf8'));
    const lacking = module.exports.filter((name) => !provided.has(name));
    if (lacking.length > 0) problems.push(`${module.by} does not export ${lacking.join(', ')}`);
  }
  return problems;
}

/** Every problem of every listed module replacement and alias, each prefixed with its entry's id. */
export function upstreamProblems(points: PatchPoint[], siteDir: string): string[] {
  return points.flatMap((point) =>
    (point.modules ?? []).flatMap((module) =>
      moduleProblems(module, siteDir).map((problem) => `[${point.id}] ${problem}`),
    ),
  );
}
