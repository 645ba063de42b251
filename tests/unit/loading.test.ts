/**
 * The site's route-loading fallback (src/theme/Loading), rendered to markup: nothing at first,
 * a status line once the delay has passed, an alert with Retry when the route's code failed.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import React from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import Loading from '../../src/theme/Loading/index';

const render = (props: {error?: unknown; pastDelay?: boolean}) =>
  renderToStaticMarkup(
    React.createElement(Loading, {
      error: props.error ?? null,
      pastDelay: props.pastDelay ?? false,
      timedOut: false,
      isLoading: !props.error,
      retry: () => undefined,
    }),
  );

test('before the delay the route shows nothing; after it, a status line', () => {
  assert.equal(render({}), '');
  assert.match(render({pastDelay: true}), /^<p role="status"[^>]*>Loading the page…<\/p>$/);
});

test('a route whose code failed says so, with the error and a Retry button', () => {
  const html = render({error: new Error('Loading chunk 123 failed.'), pastDelay: true});
  assert.match(html, /^<div role="alert"/);
  assert.match(html, /This page could not be loaded \(Error: Loading chunk 123 failed\.\)/);
  assert.match(html, /<button type="button" class="button button--secondary">Retry<\/button>/);
});

test('Retry asks the loader to try again', () => {
  const retry = () => undefined;
  type Element = {type: unknown; props: {onClick?: unknown; children?: unknown}};
  const tree = Loading({error: new Error('x'), pastDelay: false, timedOut: false, isLoading: false, retry}) as Element;
  const buttons: Element[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object' && 'props' in node) {
      const element = node as Element;
      if (element.type === 'button') buttons.push(element);
      walk(element.props.children);
    }
  };
  walk(tree);
  assert.equal(buttons.length, 1);
  assert.equal(buttons[0].props.onClick, retry);
});
