import React, {type ComponentType, type ReactNode} from 'react';
import {bodyLoader} from '@site/src/lib/render/deferredBody';
import DeferredHydration from './index';

/**
 * The default export of a split Markdown page in the browser build (plugins/deferred-mdx): the
 * page's body, whose code loads after the page has hydrated, inside DeferredHydration.
 * `ready()` is what the split module awaits before it resolves (client-side navigation).
 */
export function deferredBody(load: Parameters<typeof bodyLoader>[0]): ComponentType<object> & {ready(): Promise<void>} {
  const loader = bodyLoader(load);
  function Body(props: object): ReactNode {
    const Loaded = loader.read();
    return <Loaded {...props} />;
  }
  function DeferredPage(props: object): ReactNode {
    return (
      <DeferredHydration ready={loader.loaded()}>
        <Body {...props} />
      </DeferredHydration>
    );
  }
  return Object.assign(DeferredPage, {ready: loader.ready});
}

/** The same page in the server build: the body is there at once, inside the same boundary. */
export function wholeBody(Content: ComponentType<object>): ComponentType<object> {
  return function WholePage(props: object): ReactNode {
    return (
      <DeferredHydration ready>
        <Content {...props} />
      </DeferredHydration>
    );
  };
}
