/**
 * Code colours that do not depend on the colour mode in the HTML.
 *
 * prism-react-renderer writes each token's colours inline, from the theme of the current mode. The
 * server only knows the default mode, so the classic theme re-renders every code block after
 * hydration to repaint it, which on a long docs page means creating thousands of elements twice.
 * Here a token's inline style names CSS custom properties instead, one per token type and style
 * property, innermost type first with the outer ones as fallbacks:
 *
 *     <span class="token string variable" style="color:var(--t-c-variable,var(--t-c-string))">
 *
 * and the site's stylesheet (tokenCss, written by the lean-prism plugin) gives those properties
 * the light theme's values on :root and the dark theme's under [data-theme='dark'], resetting to
 * `initial` any a mode does not style so the fallback applies. That is exactly the theme's rule (an
 * inner type's style wins over an outer one's, property by property) in both modes, so server and
 * browser render the same HTML and nothing is re-rendered (tests/unit/tokenStyles.test.ts).
 */
import type {CSSProperties} from 'react';

export interface ThemeEntry {
  types: string[];
  style: CSSProperties;
  languages?: string[];
}
export interface PrismTheme {
  plain: CSSProperties;
  styles: ThemeEntry[];
}

/** Style properties a theme may set on a token type, with their short name in custom properties. */
export const PROPERTIES = {
  color: 'c',
  backgroundColor: 'b',
  fontStyle: 'f',
  fontWeight: 'w',
  opacity: 'o',
  textDecorationLine: 'd',
} as const satisfies Partial<Record<keyof CSSProperties, string>>;
type Property = keyof typeof PROPERTIES;

/** The custom property that holds `property` for token `type`. */
export const tokenVar = (property: Property, type: string) => `--t-${PROPERTIES[property]}-${type}`;

/** The theme's style of each token type: its entries merged in order, later entries winning. */
export function styleTable(theme: PrismTheme): Record<string, CSSProperties> {
  const table: Record<string, CSSProperties> = {};
  for (const entry of theme.styles) {
    for (const type of entry.types) table[type] = {...table[type], ...entry.style};
  }
  return table;
}

/** Fails the build for a theme these custom properties cannot express. */
export function assertExpressible(theme: PrismTheme): void {
  for (const entry of theme.styles) {
    if (entry.languages) {
      throw new Error('lean-prism: language-specific theme entries are not supported by tokenStyles.ts');
    }
    for (const key of Object.keys(entry.style)) {
      if (!(key in PROPERTIES)) throw new Error(`lean-prism: the theme styles tokens with "${key}", unsupported`);
    }
  }
}

/**
 * For each property, the token types that some theme styles with it (sorted). The plugin writes
 * this for the browser as `@generated/lean-prism/styled-types.json`.
 */
export type StyledTypes = Partial<Record<Property, string[]>>;

export function styledTypes(themes: PrismTheme[]): StyledTypes {
  const styled: Partial<Record<Property, Set<string>>> = {};
  for (const theme of themes) {
    assertExpressible(theme);
    for (const [type, style] of Object.entries(styleTable(theme))) {
      for (const property of Object.keys(style) as Property[]) (styled[property] ??= new Set()).add(type);
    }
  }
  return Object.fromEntries(Object.entries(styled).map(([property, set]) => [property, [...set].sort()]));
}

/** A token's inline style: for each property, its styled types' custom properties, innermost first. */
export function tokenVarStyle(types: readonly string[], styled: StyledTypes): CSSProperties {
  const style: Record<string, string> = {};
  for (const [property, list] of Object.entries(styled) as [Property, string[]][]) {
    const chain: string[] = [];
    for (let i = types.length - 1; i >= 0; i--) {
      const type = types[i];
      if (list.includes(type) && !chain.includes(type)) chain.push(type);
    }
    if (chain.length === 0) continue;
    style[property] = chain.reduceRight<string>(
      (fallback, type) => `var(${tokenVar(property, type)}${fallback ? `,${fallback}` : ''})`,
      '',
    );
  }
  return style as CSSProperties;
}

function declarations(theme: PrismTheme, styled: StyledTypes): string[] {
  const table = styleTable(theme);
  const lines: string[] = [];
  for (const [property, list] of Object.entries(styled) as [Property, string[]][]) {
    for (const type of list) {
      const value = table[type]?.[property];
      lines.push(`${tokenVar(property, type)}:${value === undefined ? 'initial' : String(value)};`);
    }
  }
  return lines;
}

/** The code block's plain colours; !important wins over the inline copy the theme's container writes. */
function plainDeclarations(theme: PrismTheme): string[] {
  const lines: string[] = [];
  if (theme.plain.color) lines.push(`--prism-color:${theme.plain.color} !important;`);
  if (theme.plain.backgroundColor) {
    lines.push(`--prism-background-color:${theme.plain.backgroundColor} !important;`);
  }
  return lines;
}

/** The stylesheet that gives the custom properties their values in light and dark mode. */
export function tokenCss(light: PrismTheme, dark: PrismTheme): string {
  const styled = styledTypes([light, dark]);
  const block = (selector: string, theme: PrismTheme) =>
    `${selector}{${declarations(theme, styled).join('')}}\n` +
    `${selector} .theme-code-block{${plainDeclarations(theme).join('')}}\n`;
  const header = '/* Generated by plugins/lean-prism from themeConfig.prism (see tokenStyles.ts). */\n';
  const code = '.prism-code{color:var(--prism-color);background-color:var(--prism-background-color)}\n';
  return header + block(':root', light) + block("[data-theme='dark']", dark) + code;
}
