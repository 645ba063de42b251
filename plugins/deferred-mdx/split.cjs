/**
 * Splits a compiled Markdown page (the output of Docusaurus's MDX loader) into what a page needs
 * to hydrate its frame and what only its body needs.
 *
 * Docusaurus's MDX loader turns `docs/x.md` into one module: the page's facts (`frontMatter`,
 * `contentTitle`, `metadata`, `assets`, `toc`) and its body (`_createMdxContent` and the
 * `MDXContent` default export), with the imports the body uses (the tabs, the code block...).
 * Docs pages read the facts for their title, table of contents and pagination; only the body's
 * render needs the body. `metaModule` keeps the facts and the declarations and imports they use,
 * and replaces the default export by a component that loads the full module, as a chunk of its
 * own, once the page has hydrated (src/components/DeferredHydration/page.tsx). The browser build
 * imports the full module under `?cf-body`; the server build keeps the module whole and wraps its
 * default export (`markModule`), so both render the body inside the same Suspense boundary
 * (src/components/DeferredHydration).
 *
 * The MDX output's shape is checked, not assumed: a module without a default-exported function, or
 * whose facts need the body, stops the build (plugins/patch-guard).
 */
const acorn = require('acorn');
const {PatchError} = require('../patch-guard/index.cjs');

const PATCH = 'deferred-mdx/split';

/** Side-effect imports that stay with the facts: stylesheets, which must load with the page. */
const STYLESHEET = /\.(?:css|scss|sass|less)$/;

/** The exports every compiled page must keep in its first chunk. */
const REQUIRED_EXPORTS = ['frontMatter', 'contentTitle', 'toc'];

function parse(code, file) {
  try {
    return acorn.parse(code, {ecmaVersion: 'latest', sourceType: 'module'});
  } catch (error) {
    throw new PatchError(PATCH, file, `the compiled page does not parse (${error.message})`);
  }
}

/** Every identifier name read or written anywhere under `node` (a superset of its free names). */
function identifiers(node, names = new Set()) {
  if (!node || typeof node.type !== 'string') return names;
  if (node.type === 'Identifier') names.add(node.name);
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (Array.isArray(value)) for (const child of value) identifiers(child, names);
    else if (value && typeof value.type === 'string') identifiers(value, names);
  }
  return names;
}

/** The local names a top-level statement declares. */
function declared(statement) {
  const node = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
  if (!node) return [];
  if (node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') return node.id ? [node.id.name] : [];
  if (node.type === 'VariableDeclaration') return node.declarations.flatMap((d) => [...identifiers(d.id)]);
  return [];
}

/** The names the module exports (besides the default). */
function exportedNames(program) {
  const names = [];
  for (const statement of program.body) {
    if (statement.type !== 'ExportNamedDeclaration') continue;
    names.push(...declared(statement));
    for (const specifier of statement.specifiers ?? []) names.push(specifier.exported.name ?? specifier.exported.value);
  }
  return names;
}

/** The default export, which must be a named function declaration (MDX's `MDXContent`). */
function defaultFunction(program, file) {
  const statements = program.body.filter((s) => s.type === 'ExportDefaultDeclaration');
  const declaration = statements[0]?.declaration;
  if (statements.length !== 1 || declaration?.type !== 'FunctionDeclaration' || !declaration.id) {
    throw new PatchError(PATCH, file, 'expected one `export default function MDXContent(…)`');
  }
  return {statement: statements[0], name: declaration.id.name};
}

/**
 * The page's facts without its body: kept statements in their order, then the deferred default
 * export. `bodyRequest` is the module request of the full page (`./x.md?cf-body`), `runtime` the
 * module that exports `deferredBody`.
 */
function metaModule(code, {file, bodyRequest, runtime}) {
  const program = parse(code, file);
  const mdxContent = defaultFunction(program, file).name;
  const exported = exportedNames(program);
  const missing = REQUIRED_EXPORTS.filter((name) => !exported.includes(name));
  if (missing.length > 0) throw new PatchError(PATCH, file, `the compiled page exports no ${missing.join(', ')}`);

  // Roots: every export but the default, and stylesheets. Then every top-level declaration they
  // read, until nothing new is needed.
  const statements = program.body;
  const keep = new Set(
    statements.filter(
      (s) =>
        s.type === 'ExportNamedDeclaration' ||
        s.type === 'ExportAllDeclaration' ||
        (s.type === 'ImportDeclaration' && s.specifiers.length === 0 && STYLESHEET.test(s.source.value)),
    ),
  );
  const needed = new Set();
  let grew = true;
  while (grew) {
    grew = false;
    for (const statement of keep) for (const name of identifiers(statement)) needed.add(name);
    for (const statement of statements) {
      if (keep.has(statement) || statement.type === 'ImportDeclaration') continue;
      if (statement.type === 'ExportDefaultDeclaration') continue;
      if (declared(statement).some((name) => needed.has(name))) {
        keep.add(statement);
        grew = true;
      }
    }
  }
  if (needed.has(mdxContent) || needed.has('_createMdxContent')) {
    throw new PatchError(PATCH, file, 'the page’s exports read its body; it cannot load after hydration');
  }

  const out = [];
  for (const statement of statements) {
    if (statement.type === 'ImportDeclaration' && statement.specifiers.length > 0) {
      const used = statement.specifiers.filter((s) => needed.has(s.local.name));
      if (used.length === statement.specifiers.length) out.push(code.slice(statement.start, statement.end));
      else if (used.length > 0) out.push(importOf(statement, used));
    } else if (keep.has(statement)) out.push(code.slice(statement.start, statement.end));
  }
  out.push(
    `import {deferredBody as __cfDeferredBody} from ${JSON.stringify(runtime)};`,
    `const ${mdxContent} = __cfDeferredBody(() => import(${JSON.stringify(bodyRequest)}));`,
    `export default ${mdxContent};`,
    // After hydration (client-side navigation), the page's module resolves with its body loaded,
    // so the page renders whole at once; before it (the first page), it resolves at once.
    `await ${mdxContent}.ready();`,
  );
  return `${out.join('\n')}\n`;
}

/** `import a, {b as c} from "x";` with only the `used` specifiers. */
function importOf(statement, used) {
  const source = JSON.stringify(statement.source.value);
  const namespace = used.find((s) => s.type === 'ImportNamespaceSpecifier');
  if (namespace) return `import * as ${namespace.local.name} from ${source};`;
  const defaults = used.filter((s) => s.type === 'ImportDefaultSpecifier').map((s) => s.local.name);
  const named = used
    .filter((s) => s.type === 'ImportSpecifier')
    .map((s) => {
      const imported = s.imported.name ?? JSON.stringify(s.imported.value);
      return imported === s.local.name ? imported : `${imported} as ${s.local.name}`;
    });
  const parts = [...defaults, ...(named.length > 0 ? [`{${named.join(', ')}}`] : [])];
  return `import ${parts.join(', ')} from ${source};`;
}

/**
 * The server's module: the page whole, its default export rendered inside the same boundary as the
 * browser's split page, so the HTML carries the Suspense markers the browser hydrates.
 */
function markModule(code, {file, runtime}) {
  const {statement, name} = defaultFunction(parse(code, file), file);
  return [
    code.slice(0, statement.start),
    code.slice(statement.declaration.start),
    `\nimport {wholeBody as __cfWholeBody} from ${JSON.stringify(runtime)};`,
    `export default __cfWholeBody(${name});\n`,
  ].join('');
}

module.exports = {PATCH, metaModule, markModule};
