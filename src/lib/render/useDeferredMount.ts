import {startTransition, useEffect, useState} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';

/**
 * False on the server, while React hydrates, and on a component's first render in the browser;
 * true soon after, in a transition.
 *
 * For parts of a page that only the browser renders (the code blocks' buttons, the phone menu).
 * Rendered the usual way (`BrowserOnly`, or a window-size check), they all appear in the one
 * render that follows hydration, and that render cannot be interrupted: on the longest docs page,
 * with ~40 code blocks, it was a task of ~170 ms on a phone. A transition is rendered in slices of
 * a few milliseconds, between which the browser stays responsive.
 *
 * `atOnceAfterHydration`: true from the first render when the site has hydrated already (a page
 * reached by a link inside the site), so that such a page shows no server fallback for a frame.
 */
export function useDeferredMount({atOnceAfterHydration = false}: {atOnceAfterHydration?: boolean} = {}): boolean {
  const hydrated = useIsBrowser();
  const [mounted, setMounted] = useState(atOnceAfterHydration && hydrated);
  useEffect(() => {
    if (!mounted) startTransition(() => setMounted(true));
  }, [mounted]);
  return mounted;
}
