import React, {useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode} from 'react';
import DataState from '@site/src/components/DataState';
import {fetchText} from '@site/src/lib/data/fetchData';
import {DataError} from '@site/src/lib/data/validate';
import {loadMarkup, type Markup} from '@site/src/lib/data/markup';
import {fitView, panBy, viewTransform, zoomAt, type View} from '@site/src/lib/status/migrationView';
import {
  graphSize,
  MAX_GRAPH_CHARACTERS,
  MAX_GRAPH_ELEMENTS,
  readGraphSteps,
  type GraphSize,
  type ReadGraph,
} from '@site/src/lib/status/graph';
import {runInSteps} from '@site/src/lib/data/steps';
import {groupThousands} from '@site/src/lib/format/english';
import {useRemoteData} from '@site/src/lib/data/useRemoteData';
import styles from './styles.module.css';

const STEP = 1.25;
const PAN = 60;
/** Pixels the pointer moves before a press becomes a drag (and stops being a click). */
const DRAG_START = 4;
/** The arrow keys' moves of the drawing. */
const MOVES = new Map<string, [number, number]>([
  ['ArrowLeft', [PAN, 0]],
  ['ArrowRight', [-PAN, 0]],
  ['ArrowUp', [0, PAN]],
  ['ArrowDown', [0, -PAN]],
]);

/** What the graph tab shows: the drawing (its sanitised root and the steps that fill it), or why there is none. */
type Graph =
  {kind: 'drawing'; drawing: ReadGraph} | {kind: 'too large'; size: GraphSize & {fits: false}} | {kind: 'none'};

/**
 * The drawing inlined rather than shown as an <img> from a blob URL (which could not touch the
 * page): the bot's graphs make each node a link to the feedstock's PR, and inlined those links
 * work, take keyboard focus and show their tooltips, and the labels can be found with the browser's
 * search. Inlining shares the page's document, so the sanitiser keeps only Graphviz's shapes, text,
 * gradients and GitHub links: no <style>, style or class attribute, and nothing that fetches
 * (image, use, foreignObject, filters, url() to anything but the drawing's own gradients). Its size
 * is checked before it is parsed, and it is parsed, sanitised and put in the page a piece at a time,
 * in slices of a few milliseconds (src/lib/status/graph.ts, src/lib/data/steps.ts).
 */
async function readGraph(text: string, {sanitizeSvgElement}: Markup): Promise<Graph> {
  const size = graphSize(text);
  if (!size.fits) return {kind: 'too large', size};
  const tools = {
    createDocument: () => document.implementation.createHTMLDocument(''),
    sanitize: sanitizeSvgElement,
  };
  return {kind: 'drawing', drawing: await runInSteps(readGraphSteps(text, tools))};
}

/** Pan (drag, arrow keys) and zoom (buttons, wheel, + and -) over an inlined, sanitised SVG. */
function PanZoom({drawing, name}: {drawing: ReadGraph; name: string}): ReactNode {
  const {svg} = drawing;
  const viewport = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({x: 0, y: 0, scale: 1});
  const home = useRef<View>({x: 0, y: 0, scale: 1});
  const drag = useRef<{id: number; x: number; y: number; captured: boolean} | null>(null);
  const helpId = `graph-help-${name}`;

  // Put the drawing in the document and fit it into the viewport (its size is its root's, there
  // before its content); this is also the reset view. The content follows in slices.
  useLayoutEffect(() => {
    canvas.current?.replaceChildren(svg);
    const image = canvas.current?.querySelector('svg');
    const box = viewport.current?.getBoundingClientRect();
    if (!image || !box) return;
    image.setAttribute('role', 'img');
    image.setAttribute('aria-label', `Dependency graph of the feedstocks in ${name}`);
    const size = image.getBoundingClientRect();
    home.current = fitView(size.width, size.height, box.width, box.height);
    setView(home.current);
  }, [svg, name]);
  useEffect(() => {
    let stopped = false;
    const {fill} = drawing;
    runInSteps(
      (function* () {
        // Not a for…of: leaving early would close the steps, and a remount must go on with them.
        while (!stopped && !fill.next().done) yield;
      })(),
    ).catch(() => undefined);
    return () => {
      stopped = true;
    };
  }, [drawing]);

  const center = useCallback((): [number, number] => {
    const box = viewport.current?.getBoundingClientRect();
    return box ? [box.width / 2, box.height / 2] : [0, 0];
  }, []);
  const zoom = useCallback((factor: number) => setView((v) => zoomAt(v, factor, ...center())), [center]);
  const reset = useCallback(() => setView(home.current), []);

  // The wheel listener must be active (not passive) to keep the page from scrolling.
  useEffect(() => {
    const element = viewport.current;
    if (!element) return undefined;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      const factor = Math.exp(-event.deltaY * 0.0015);
      setView((v) => zoomAt(v, factor, event.clientX - box.left, event.clientY - box.top));
    };
    element.addEventListener('wheel', onWheel, {passive: false});
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const move = MOVES.get(event.key);
    if (move) setView((v) => panBy(v, ...move));
    else if (event.key === '+' || event.key === '=') zoom(STEP);
    else if (event.key === '-' || event.key === '_') zoom(1 / STEP);
    else if (event.key === '0') reset();
    else return;
    event.preventDefault();
  };

  return (
    <div>
      <div className={styles.toolbar}>
        <button
          type="button"
          className="button button--sm button--secondary"
          onClick={() => zoom(STEP)}
          aria-label="Zoom in"
        >
          +
        </button>
        <button
          type="button"
          className="button button--sm button--secondary"
          onClick={() => zoom(1 / STEP)}
          aria-label="Zoom out"
        >
          −
        </button>
        <button type="button" className="button button--sm button--secondary" onClick={reset}>
          Reset view
        </button>
        <span className={styles.scale} aria-live="polite">
          Zoom {Math.round(view.scale * 100)}%
        </span>
      </div>
      <p id={helpId} className={styles.help}>
        Drag the graph or use the arrow keys to move it; zoom with the buttons, the mouse wheel or the + and − keys; 0
        or a double click resets the view.
      </p>
      <div
        ref={viewport}
        className={styles.viewport}
        tabIndex={0}
        role="group"
        aria-label={`Dependency graph of ${name}`}
        aria-describedby={helpId}
        onKeyDown={onKeyDown}
        onDoubleClick={reset}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          drag.current = {id: event.pointerId, x: event.clientX, y: event.clientY, captured: false};
        }}
        onPointerMove={(event) => {
          const last = drag.current;
          if (!last || last.id !== event.pointerId) return;
          // The pointer is captured only once it really drags: a captured pointer's click goes to
          // the viewport, and a plain click must reach the node's link.
          if (!last.captured) {
            if (Math.hypot(event.clientX - last.x, event.clientY - last.y) < DRAG_START) return;
            event.currentTarget.setPointerCapture(event.pointerId);
          }
          drag.current = {id: event.pointerId, x: event.clientX, y: event.clientY, captured: true};
          setView((v) => panBy(v, event.clientX - last.x, event.clientY - last.y));
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
      >
        <div
          ref={canvas}
          className={styles.canvas}
          data-testid="graph-canvas"
          style={{transform: viewTransform(view)}}
        />
      </div>
    </div>
  );
}

/** Why a graph is not drawn: its size, with the file's address. */
function TooLarge({size, url}: {size: GraphSize & {fits: false}; url: string}): ReactNode {
  const limit =
    size.reason === 'characters'
      ? `${groupThousands(size.characters)} characters, more than the ${groupThousands(MAX_GRAPH_CHARACTERS)} this page reads`
      : `more than the ${groupThousands(MAX_GRAPH_ELEMENTS)} shapes and labels this page draws`;
  return (
    <p className={styles.unavailable} role="status">
      The graph of this migration is too large to draw here ({limit}). The table lists every feedstock; the{' '}
      <a href={url}>graph file</a> can be opened on its own.
    </p>
  );
}

/**
 * The pre-rendered graph of a migration (source `migrationGraph`): fetched as text, checked for
 * size, sanitised in steps and inlined. A missing file (HTTP 404) and a graph too large to draw are
 * plain messages; other failures offer Retry.
 */
export default function MigrationGraph({name, url}: {name: string; url: string}): ReactNode {
  const state = useRemoteData(
    async (signal): Promise<Graph> => {
      try {
        const [text, markup] = await Promise.all([fetchText(url, {signal}), loadMarkup()]);
        return await readGraph(text, markup);
      } catch (error) {
        if (error instanceof DataError && error.status === 404) return {kind: 'none'};
        throw error;
      }
    },
    [url],
  );
  return (
    <DataState state={state} what="dependency graph">
      {(graph) =>
        graph.kind === 'none' ? (
          <p className={styles.unavailable}>The graph of this migration is not available: the bot has not drawn one.</p>
        ) : graph.kind === 'too large' ? (
          <TooLarge size={graph.size} url={url} />
        ) : (
          <PanZoom drawing={graph.drawing} name={name} />
        )
      }
    </DataState>
  );
}
