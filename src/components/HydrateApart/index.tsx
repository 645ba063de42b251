import React, {memo, Suspense, type ComponentType, type ReactNode} from 'react';

/**
 * Wraps a component whose server HTML is on every page but which phones remove right after
 * hydration: the docs sidebar, the docs table of contents and the blog sidebar for wide screens.
 * The theme renders them on the server (it cannot know the screen's width there), and in the
 * browser drops them once `useWindowSize()` says "mobile", in the render after hydration.
 *
 * The wrapper puts the component in a Suspense boundary. When React hydrates a page, it leaves a
 * boundary's server HTML as it is and hydrates it afterwards, apart from the rest and in slices of
 * a few milliseconds ("selective hydration", React 18's Suspense for the server). So on a phone the
 * boundary is removed before it ever hydrates: the minutes pages' sidebar of about 220 links made
 * a single task of 120–330 ms at Lighthouse's 4x slowdown. On a wide screen it hydrates a moment
 * after the rest, and a click inside it before then makes React hydrate it at once.
 *
 * `memo`: the parent renders again right after hydration (the window size is known then), with
 * the same props. A boundary that receives an update before it has hydrated must first hydrate at
 * that update's priority, in one piece, which is the long task this avoids.
 */
export function hydrateApart<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  function HydratedApart(props: Props): ReactNode {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  HydratedApart.displayName = `HydratedApart(${Component.displayName ?? Component.name})`;
  return memo(HydratedApart);
}
