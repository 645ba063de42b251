import {test, type TestContext} from 'node:test';
import assert from 'node:assert/strict';
import routeProgress, {SHOW_AFTER_MS} from '../../plugins/lean-runtime/route-progress';

/** Just enough DOM for the progress bar: elements that can be appended and removed. */
function fakeDom(t: TestContext) {
  const attached = new Set<{className: string; attributes: Record<string, string>}>();
  const createElement = () => {
    const element = {
      className: '',
      attributes: {} as Record<string, string>,
      setAttribute(name: string, value: string) {
        element.attributes[name] = value;
      },
      classList: {add: (name: string) => (element.className += ` ${name}`)},
      addEventListener: () => undefined,
      remove: () => attached.delete(element),
    };
    return element;
  };
  t.mock.timers.enable({apis: ['setTimeout']});
  const globals = globalThis as Record<string, unknown>;
  globals.window = globalThis;
  globals.document = {createElement, body: {append: (element: never) => attached.add(element)}};
  t.after(() => {
    delete globals.window;
    delete globals.document;
  });
  return attached;
}

const at = (pathname: string) => ({pathname}) as never;

function navigate(from: string, to: string): (() => void) | undefined {
  const cleanup = routeProgress.onRouteUpdate!({location: at(to), previousLocation: at(from)} as never);
  return typeof cleanup === 'function' ? cleanup : undefined;
}

test('a navigation that renders within the delay never shows the bar', (t) => {
  const bars = fakeDom(t);
  const cleanup = navigate('/', '/docs/');
  t.mock.timers.tick(SHOW_AFTER_MS - 1);
  cleanup?.();
  routeProgress.onRouteDidUpdate!({} as never);
  t.mock.timers.tick(1000);
  assert.equal(bars.size, 0);
});

test('a slow navigation shows a labelled bar after the delay, which goes once the page renders', (t) => {
  const bars = fakeDom(t);
  const cleanup = navigate('/', '/community/');
  t.mock.timers.tick(SHOW_AFTER_MS);
  assert.equal(bars.size, 1);
  const [bar] = bars;
  assert.deepEqual(bar.attributes, {role: 'progressbar', 'aria-label': 'Loading page'});
  cleanup?.();
  routeProgress.onRouteDidUpdate!({} as never);
  assert.match(bar.className, /route-progress--done/);
  t.mock.timers.tick(1000);
  assert.equal(bars.size, 0, 'removed even without a transitionend event');
});

test('a change of hash or query on the same page starts nothing', (t) => {
  const bars = fakeDom(t);
  assert.equal(navigate('/docs/', '/docs/'), undefined);
  t.mock.timers.tick(1000);
  assert.equal(bars.size, 0);
});
