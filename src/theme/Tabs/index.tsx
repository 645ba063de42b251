import React, {
  Children,
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  type ReactElement,
  type ReactNode,
} from 'react';
import Tabs from '@theme-original/Tabs';
import type TabsType from '@theme/Tabs';
import type {WrapperProps} from '@docusaurus/types';
import useIsBrowser from '@docusaurus/useIsBrowser';
// The context behind useIsBrowser(). An internal module: if it moves, the build fails here.
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';

type Props = WrapperProps<typeof TabsType>;

/** The real useIsBrowser() value, carried past the `true` the tabs themselves are given. */
const RealIsBrowser = createContext(false);

function CaptureIsBrowser({children}: {children: ReactNode}) {
  return <RealIsBrowser.Provider value={useIsBrowser()}>{children}</RealIsBrowser.Provider>;
}

function RestoreIsBrowser({children}: {children: ReactNode}) {
  return <BrowserContext.Provider value={useContext(RealIsBrowser)}>{children}</BrowserContext.Provider>;
}

/**
 * The classic theme's tabs without their remount after hydration.
 *
 * The theme keys its tabs on useIsBrowser(), so everything inside them (on the longest docs page,
 * most of its highlighted code) is created twice on load. That key predates the theme's current
 * tab state, which starts at the default tab on the server and in the browser alike and only then
 * moves to a stored or linked choice, in a layout effect: hydration already matches. So the tabs
 * themselves are told they run in the browser from the start (one key, one render), while each tab's
 * content keeps the real value, so components inside still render as on the server until
 * hydration ends. Only the two small context bridges read that value: when it turns true, the
 * wrapper, the tabs and their content are not rendered again, only what inside reads it.
 * tests/e2e/content.test.ts checks that a stored tab choice still applies and that no code line
 * is re-created.
 */
export default function TabsWrapper(props: Props): ReactNode {
  const items = Children.map(props.children, (item) =>
    isValidElement(item)
      ? cloneElement(item as ReactElement<{children?: ReactNode}>, {
          children: (
            <RestoreIsBrowser>{(item as ReactElement<{children?: ReactNode}>).props.children}</RestoreIsBrowser>
          ),
        })
      : item,
  );
  return (
    <CaptureIsBrowser>
      <BrowserContext.Provider value>
        <Tabs {...props}>{items}</Tabs>
      </BrowserContext.Provider>
    </CaptureIsBrowser>
  );
}
