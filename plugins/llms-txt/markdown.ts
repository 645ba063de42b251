/**
 * A docs page's source as plain Markdown for machine readers: the MDX that only the site can run
 * goes (ESM imports and exports, comments, component tags), the content stays (a tab's text under
 * its label, an admonition as a labelled block quote, a card list as a list of links), and links
 * become absolute, to the Markdown copy of a page where there is one. Code is never touched.
 */
import path from 'node:path/posix';

export interface MarkdownContext {
  /** The site's origin, e.g. `https://conda-forge.org`. */
  siteUrl: string;
  /** The page's route (with its trailing slash): the base of relative links. */
  route: string;
  /** The page's source, relative to the site directory (`docs/user/faq.md`): the base of file links. */
  source: string;
  /** The Markdown copy of a route or of a source file, when the site has one (a site path). */
  markdownOf: (target: {route?: string; source?: string}) => string | undefined;
  /** The Markdown list that stands for a card-list component on this page (`DocCardList`, …). */
  cardList: (component: string) => string;
}

/** Components whose place in a page is a list of the pages below it. */
export const CARD_LIST_COMPONENTS = new Set(['DocCardList', 'MinutesIndex']);

const ADMONITION_LABELS: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
  important: 'Important',
};

/** Splits YAML front matter off the start of a file. */
export function stripFrontMatter(text: string): string {
  const match = /^---\r?\n[^]*?\r?\n---\r?\n?/.exec(text);
  return match ? text.slice(match[0].length) : text;
}

/** An attribute of a JSX tag (quoted string or `{'string'}`), or undefined. */
function jsxAttribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|\\{["'\`]([^"'\`]*)["'\`]\\})`).exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Makes a link target absolute; Markdown copies are preferred for pages that have one. */
export function resolveLink(target: string, context: MarkdownContext): string {
  if (/^(?:[a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target)) return target;
  const hashAt = target.search(/[?#]/);
  const [pathPart, rest] = hashAt === -1 ? [target, ''] : [target.slice(0, hashAt), target.slice(hashAt)];
  if (pathPart === '') return target;
  if (/\.mdx?$/.test(pathPart) && !pathPart.startsWith('/')) {
    const source = path.normalize(path.join(path.dirname(context.source), pathPart));
    const markdown = context.markdownOf({source});
    if (markdown) return `${context.siteUrl}${markdown}${rest}`;
  }
  const absolute = pathPart.startsWith('/') ? pathPart : path.normalize(path.join(context.route, pathPart));
  const route = absolute.endsWith('/') || /\.[a-z0-9]+$/i.test(absolute) ? absolute : `${absolute}/`;
  const markdown = context.markdownOf({route});
  return `${context.siteUrl}${markdown ?? absolute}${rest}`;
}

/** Rewrites the link targets of one line's prose (not its code spans). */
function rewriteLinks(prose: string, context: MarkdownContext): string {
  return (
    prose
      // [text](target "title") and ![alt](target)
      .replace(/(\]\()(<[^>]*>|[^\s)]+)/g, (_, open: string, target: string) => {
        const bare = target.startsWith('<') ? target.slice(1, -1) : target;
        return `${open}${resolveLink(bare, context)}`;
      })
      // <a href="…"> and <img src="…">
      .replace(
        /(\s(?:href|src)=")([^"]+)"/g,
        (_, open: string, target: string) => `${open}${resolveLink(target, context)}"`,
      )
  );
}

/** Applies `transform` to a line outside its inline code spans. */
function outsideCode(line: string, transform: (prose: string) => string): string {
  return line
    .split(/(`+[^`]*`+)/)
    .map((part, i) => (i % 2 === 1 ? part : transform(part)))
    .join('');
}

/**
 * The page's Markdown, from its source file's text. `title` becomes the first heading unless the
 * body starts with one.
 */
export function toPlainMarkdown(sourceText: string, title: string, context: MarkdownContext): string {
  const lines = stripFrontMatter(sourceText).split(/\r?\n/);
  const out: string[] = [];
  /** Block-quote depth of the admonitions we are in. */
  let quoteDepth = 0;
  let fence: {marker: string; length: number} | null = null;
  let inMdxComment = false;
  let inHtmlComment = false;
  let skippingEsm = false;
  let pendingTag = '';

  const emit = (line: string) => {
    const prefix = '> '.repeat(quoteDepth);
    const quoted = quoteDepth > 0 ? (line === '' ? prefix.trimEnd() : prefix + line) : line;
    // One blank line (or empty quote line) in a row is enough.
    if (line === '' && out.length > 0 && out[out.length - 1] === quoted) return;
    out.push(quoted);
  };

  for (const line of lines) {
    const trimmed = line.trim();

    if (fence) {
      emit(line);
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(line);
      if (close && close[1][0] === fence.marker && close[1].length >= fence.length) fence = null;
      continue;
    }
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (open && !inMdxComment && !inHtmlComment && pendingTag === '') {
      fence = {marker: open[1][0], length: open[1].length};
      emit(line);
      continue;
    }

    if (skippingEsm) {
      if (trimmed === '' || /from\s+['"][^'"]+['"];?$/.test(trimmed) || /;$/.test(trimmed)) skippingEsm = false;
      continue;
    }
    if (/^(?:import|export)\s/.test(line)) {
      // One statement; a multi-line one ends at its `from '…'`, a semicolon or a blank line.
      skippingEsm = !(
        /from\s+['"][^'"]+['"];?\s*$/.test(trimmed) ||
        /^import\s+['"][^'"]+['"];?$/.test(trimmed) ||
        /;$/.test(trimmed)
      );
      continue;
    }

    let text = line;
    // MDX comments {/* … */} and HTML comments <!-- … -->, possibly over several lines.
    if (inMdxComment) {
      const end = text.indexOf('*/}');
      if (end === -1) continue;
      text = text.slice(end + 3);
      inMdxComment = false;
    }
    if (inHtmlComment) {
      const end = text.indexOf('-->');
      if (end === -1) continue;
      text = text.slice(end + 3);
      inHtmlComment = false;
    }
    const uncommented = outsideCode(text, (prose) =>
      prose.replace(/\{\/\*[^]*?\*\/\}/g, '').replace(/<!--[^]*?-->/g, ''),
    );
    // What stood before a removed comment keeps no trailing blank (which would read as a line break).
    text = uncommented === text ? text : uncommented.trimEnd();
    const mdxStart = text.indexOf('{/*');
    if (mdxStart !== -1 && !/`[^`]*\{\/\*/.test(text)) {
      text = text.slice(0, mdxStart).trimEnd();
      inMdxComment = true;
    }
    const htmlStart = text.indexOf('<!--');
    if (htmlStart !== -1 && !/`[^`]*<!--/.test(text)) {
      text = text.slice(0, htmlStart).trimEnd();
      inHtmlComment = true;
    }
    if (text.trim() === '' && trimmed !== '') {
      // The line held nothing but a comment: it leaves no blank line behind.
      continue;
    }

    // Component tags on lines of their own; an opening tag may run over several lines.
    let tagLine = text.trim();
    if (pendingTag !== '') {
      pendingTag += ` ${tagLine}`;
      if (!/>$/.test(tagLine)) continue;
      tagLine = pendingTag;
      pendingTag = '';
    } else if (/^<\/?[A-Z][\w.]*(?:\s|>|\/>|$)/.test(tagLine) && !/>$/.test(tagLine)) {
      pendingTag = tagLine;
      continue;
    }
    const component = /^<(\/?)([A-Z][\w.]*)([^]*?)(\/?)>$/.exec(tagLine);
    if (component) {
      const [, closing, name, attributes, selfClosing] = component;
      if (!closing && CARD_LIST_COMPONENTS.has(name)) {
        const list = context.cardList(name);
        if (list !== '') {
          emit('');
          for (const item of list.split('\n')) emit(item);
          emit('');
        }
      } else if (!closing && !selfClosing && name === 'TabItem') {
        const label = jsxAttribute(attributes, 'label') ?? jsxAttribute(attributes, 'value');
        if (label) {
          emit(`**${label}**`);
          emit('');
        }
      }
      continue;
    }

    // Admonitions: `:::note Title` / `:::tip[Title]` … `:::`.
    const admonition = /^:::+\s*([a-z]+)(?:\[([^\]]*)\]|\s+(.+))?\s*$/.exec(trimmed);
    if (admonition) {
      const kind = ADMONITION_LABELS[admonition[1]] ?? admonition[1];
      const heading = admonition[2] ?? admonition[3];
      emit('');
      quoteDepth += 1;
      emit(`**${heading ? `${kind}: ${heading.trim()}` : kind}**`);
      emit('');
      continue;
    }
    if (/^:::+$/.test(trimmed) && quoteDepth > 0) {
      const emptyQuote = '> '.repeat(quoteDepth).trimEnd();
      while (out.length > 0 && out[out.length - 1] === emptyQuote) out.pop();
      quoteDepth -= 1;
      emit('');
      continue;
    }

    // Heading ids `## Title {#id}` are the site's anchors, not text.
    text = text.replace(/^(#{1,6}\s.*?)\s*\{#[\w-]+\}\s*$/, '$1');
    emit(outsideCode(text, (prose) => rewriteLinks(prose, context)));
  }

  let body = out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!/^#\s/.test(body)) body = `# ${title}\n\n${body}`;
  return `${body}\n`;
}
