/**
 * The site's Mermaid settings, in one place: the theme each colour mode draws with, the theme
 * variables, and the configuration the diagram component (src/components/Mermaid) initialises
 * Mermaid with.
 */
import type {MermaidConfig} from 'mermaid';

export type ColorMode = 'light' | 'dark';

/** Mermaid's theme in each colour mode. */
export const MERMAID_THEMES: Readonly<Record<ColorMode, NonNullable<MermaidConfig['theme']>>> = {
  light: 'base',
  dark: 'base',
};

/**
 * Mermaid colours come from the site's CSS custom properties, so diagrams follow light and dark
 * mode without a second theme. Only variables Mermaid passes through unchanged are mapped:
 * variables it derives other colours from must be real colour values, not `var()` references.
 */
export const MERMAID_THEME_VARIABLES: Readonly<NonNullable<MermaidConfig['themeVariables']>> = {
  fontFamily: 'var(--ifm-font-family-base)',
  primaryBorderColor: 'var(--ifm-color-primary)',
  secondaryBorderColor: 'var(--ifm-color-emphasis-500)',
  secondaryTextColor: 'var(--ifm-font-color-base)',
  noteBorderColor: 'var(--ifm-color-emphasis-500)',
  textColor: 'var(--ifm-font-color-base)',
  errorBkgColor: 'var(--ifm-color-danger-contrast-background)',
  actorBkg: 'var(--ifm-background-surface-color)',
  actorTextColor: 'var(--ifm-font-color-base)',
  actorLineColor: 'var(--ifm-color-emphasis-600)',
  labelBoxBkgColor: 'var(--ifm-background-surface-color)',
};

/**
 * What Mermaid is initialised with for a colour mode: no scan of the page for diagrams (the
 * component renders each one), strict security (no scripts or click handlers from a diagram's
 * text, and the SVG sanitised by DOMPurify), and no error diagram drawn into the page: a diagram
 * that fails shows the component's own message.
 */
export function mermaidConfig(colorMode: ColorMode): MermaidConfig {
  return {
    startOnLoad: false,
    securityLevel: 'strict',
    suppressErrorRendering: true,
    theme: MERMAID_THEMES[colorMode],
    themeVariables: {...MERMAID_THEME_VARIABLES},
  };
}
