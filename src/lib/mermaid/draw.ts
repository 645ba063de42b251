/**
 * Drawing Mermaid diagrams in the browser. Production builds import Mermaid's own prebuilt ES
 * module from the site (published under `/vendor/mermaid/<version>/` by plugins/mermaid-diagrams),
 * so the bundler never parses Mermaid; the development server bundles it instead.
 */
import type {Mermaid} from 'mermaid';
import {whenHydrated} from '../render/hydration';
import {mermaidConfig, type ColorMode} from './options';

/** A drawn diagram: sanitised SVG markup, and what binds its interactions once it is in the page. */
export interface Drawing {
  svg: string;
  bind?: (element: Element) => void;
}

/** Why a diagram is not drawn: Mermaid did not load (`load`), or it could not draw the text (`draw`). */
export class DiagramError extends Error {
  readonly stage: 'load' | 'draw';

  constructor(stage: 'load' | 'draw', message: string) {
    super(message);
    this.name = 'DiagramError';
    this.stage = stage;
  }
}

export interface DrawerOptions {
  /** Imports Mermaid's entry module from its URL. */
  importEntry: (url: string) => Promise<{default: Mermaid}>;
  /** Resolves when loading may start (the page has hydrated). */
  ready: () => Promise<void>;
}

export type DrawDiagram = (source: string, colorMode: ColorMode, entryUrl: string) => Promise<Drawing>;

/**
 * A diagram drawer: Mermaid is loaded once, by the first diagram, and shared by all; a failed
 * load is not kept, so the next call (a retry) loads again. Mermaid's site configuration is set
 * with `initialize`, again only when the colour mode changes.
 */
export function diagramDrawer({importEntry, ready}: DrawerOptions): DrawDiagram {
  let loading: Promise<Mermaid> | undefined;
  let configuredFor: ColorMode | undefined;
  let renders = 0;
  const load = (url: string): Promise<Mermaid> => {
    loading ??= ready()
      .then(() => importEntry(url))
      .then(
        (module) => module.default,
        (error: unknown) => {
          loading = undefined;
          throw new DiagramError('load', `Mermaid could not be loaded (${messageOf(error)})`);
        },
      );
    return loading;
  };
  return async (source, colorMode, entryUrl) => {
    const mermaid = await load(entryUrl);
    if (configuredFor !== colorMode) {
      mermaid.initialize(mermaidConfig(colorMode));
      configuredFor = colorMode;
    }
    // Mermaid needs an id that is a valid CSS selector and unique in the document.
    renders += 1;
    try {
      const {svg, bindFunctions} = await mermaid.render(`cf-mermaid-${renders}`, source);
      return {svg, bind: bindFunctions};
    } catch (error) {
      throw new DiagramError('draw', messageOf(error));
    }
  };
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'unknown error';
}

/** Mermaid's module: the published prebuilt build in production, the bundled package in development. */
function importMermaid(url: string): Promise<{default: Mermaid}> {
  // The condition is a constant in each build: the production bundles never contain this import.
  if (process.env.NODE_ENV !== 'production') return import('mermaid');
  return import(/* webpackIgnore: true */ url) as Promise<{default: Mermaid}>;
}

let shared: DrawDiagram | undefined;

/** Draws a diagram with the page's one Mermaid instance, loaded after the page has hydrated. */
export function drawDiagram(source: string, colorMode: ColorMode, entryUrl: string): Promise<Drawing> {
  shared ??= diagramDrawer({
    importEntry: importMermaid,
    ready: whenHydrated,
  });
  return shared(source, colorMode, entryUrl);
}
