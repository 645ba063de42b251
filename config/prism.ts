import {themes, type PrismTheme} from 'prism-react-renderer';

/**
 * Code highlighting themes: GitHub for light mode and Dracula for dark mode, with the token
 * colours that miss WCAG AA contrast replaced by darker (light) or lighter (dark) tints of the
 * same hue. Every token colour reaches 4.5:1 on the code background and on a highlighted line
 * (tests/unit/contrast.test.ts checks both).
 */

/**
 * The languages highlighted beyond Prism's core (`markup`). Each page loads only the grammars its
 * code blocks use (plugins/lean-prism/grammars.ts).
 */
export const prismLanguages = ['bash', 'diff', 'json', 'batch', 'yaml', 'python', 'markdown', 'shell-session', 'toml'];

/** Replaces the colour of every style entry that lists `type`; other properties stay. */
function recolour(theme: PrismTheme, colours: Record<string, string>): PrismTheme {
  return {
    ...theme,
    styles: theme.styles.map((entry) => {
      const colour = entry.types.map((type) => colours[type]).find(Boolean);
      return colour ? {...entry, style: {...entry.style, color: colour}} : entry;
    }),
  };
}

export const codeThemeLight: PrismTheme = recolour(themes.github, {
  comment: '#57606a',
  string: '#b3135a',
  number: '#0f6563',
  atrule: '#006385',
  function: '#b31d28',
});

export const codeThemeDark: PrismTheme = recolour(themes.dracula, {
  comment: '#a0a9cb',
});
