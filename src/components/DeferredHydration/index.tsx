import React, {
  Component,
  startTransition,
  Suspense,
  useContext,
  useEffect,
  type ReactElement,
  type ReactNode,
} from 'react';
import {ancestorContexts, fiberOfInstance, type ContextValues} from '@site/src/lib/render/ancestorContexts';
import {deferredHydrationFinished, deferredHydrationStarted} from '@site/src/lib/render/deferredBody';

interface Props {
  /** Whether the children can render at once (their code has loaded). */
  ready: boolean;
  children: ReactElement;
}

/**
 * Hydrates its children after the rest of the page: used around a Markdown page's body, whose code
 * loads once the page has hydrated (src/lib/render/deferredBody.ts).
 *
 * The children render inside a Suspense boundary. While their code is loading, React leaves the
 * boundary as the server rendered it and hydrates the rest of the page. Such a boundary must not
 * see a context change before it hydrates: React would discard the server's HTML and render it
 * from scratch (React 18 reported it as error #421; React 19 does it silently), and Docusaurus
 * changes several contexts right after hydration. So, until the children have hydrated, every
 * context above them is provided again with the value it had when the page hydrated
 * (src/lib/render/ancestorContexts.ts); React stops a change at such a provider. Then the live
 * values flow through, and whatever inside reads a changed context renders again, as it would
 * have after a normal hydration.
 *
 * The server renders the same boundary, so the HTML carries React's Suspense markers around it.
 */
/**
 * False only in a build that switches this patch point off to measure it (CF_PATCHES_OFF,
 * plugins/patch-guard/switches.ts, which the patch guard passes to the bundles).
 */
const FREEZE_CONTEXTS = !String(process.env.CF_PATCHES_OFF).split(',').includes('deferred-hydration');

export default class DeferredHydration extends Component<Props, {hydrated: boolean}> {
  state = {hydrated: false};
  private frozen: ContextValues = [];
  private boundary?: ReactElement;
  private counted = false;

  private readonly onHydrated = (): void => {
    // The live values reach the body in a transition, rendered in slices like its hydration.
    startTransition(() => this.setState({hydrated: true}));
  };

  componentDidUpdate(_props: Props, previous: {hydrated: boolean}): void {
    // Done once the body has hydrated and sees the live values (tests wait for this).
    if (!previous.hydrated && this.state.hydrated && this.counted) {
      this.counted = false;
      deferredHydrationFinished();
    }
  }

  componentDidMount(): void {
    // Contexts were frozen only for children that wait for their code.
    if (this.frozen.length > 0 && !this.state.hydrated) {
      this.counted = true;
      deferredHydrationStarted();
    }
  }

  componentWillUnmount(): void {
    if (this.counted) deferredHydrationFinished();
    this.counted = false;
  }

  render(): ReactNode {
    if (!this.boundary) {
      if (FREEZE_CONTEXTS && typeof document !== 'undefined' && !this.props.ready)
        this.frozen = ancestorContexts(fiberOfInstance(this));
      // One element for the component's life: re-rendering the boundary with new props before it
      // hydrates would discard the server's HTML as a context change does.
      this.boundary = (
        <Suspense fallback={null}>
          <Hydrated onHydrated={this.onHydrated}>{this.props.children}</Hydrated>
        </Suspense>
      );
    }
    return (
      <Frozen values={this.frozen} live={this.state.hydrated}>
        {this.boundary}
      </Frozen>
    );
  }
}

/** Renders its children; tells its parent once they have hydrated (or rendered). */
function Hydrated({children, onHydrated}: {children: ReactNode; onHydrated: () => void}): ReactNode {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/** Provides each context with its frozen value, or its live one once `live` is true. */
function Frozen({
  values,
  live,
  children,
}: {
  values: ContextValues;
  live: boolean;
  children: ReactElement;
}): ReactElement {
  // One useContext per context, in a fixed order: `values` never changes for an instance.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const current = values.map(([context]) => useContext(context));
  return values.reduce<ReactElement>(
    (inner, [context, frozen], index) => (
      <context.Provider value={live ? current[index] : frozen}>{inner}</context.Provider>
    ),
    children,
  );
}
