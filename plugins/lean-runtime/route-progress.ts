/**
 * The bar at the top of the window while a client-side navigation loads its chunks. It stands in
 * for the classic theme's `nprogress` client module (see ./index.ts): the same behaviour — shown
 * only when a new page takes longer than 200 ms, filled and faded out once it renders — with the
 * motion in CSS instead of 1.7 KB gzip of JavaScript on every page.
 */
import type {ClientModule} from '@docusaurus/types';
// Its styles (route-progress.css) are a client module of the lean-runtime plugin.

/** Navigations that finish sooner show no bar. */
export const SHOW_AFTER_MS = 200;
/** Removes a finished bar even where its fade-out transition never runs. */
const REMOVE_AFTER_MS = 600;

let bar: HTMLElement | undefined;

function show(): void {
  bar?.remove();
  bar = document.createElement('div');
  bar.className = 'route-progress';
  bar.setAttribute('role', 'progressbar');
  bar.setAttribute('aria-label', 'Loading page');
  document.body.append(bar);
}

function finish(): void {
  const done = bar;
  bar = undefined;
  if (!done) return;
  done.classList.add('route-progress--done');
  done.addEventListener('transitionend', () => done.remove(), {once: true});
  window.setTimeout(() => done.remove(), REMOVE_AFTER_MS);
}

const routeProgress: ClientModule = {
  onRouteUpdate({location, previousLocation}) {
    if (!previousLocation || location.pathname === previousLocation.pathname) return undefined;
    const timer = window.setTimeout(show, SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  },
  onRouteDidUpdate() {
    finish();
  },
};

export default routeProgress;
