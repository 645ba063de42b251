import React, {Children, cloneElement, isValidElement, type ReactElement, type ReactNode} from 'react';
import Tabs from '@theme-original/Tabs';
import type TabsType from '@theme/Tabs';
import type {WrapperProps} from '@docusaurus/types';
import useIsBrowser from '@docusaurus/useIsBrowser';
// The context behind useIsBrowser(). An internal module: if it moves, the build fails here.
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';

type Props = WrapperProps<typeof TabsType>;

/**
 * The classic theme's tabs without their remount after hydration.
 *
 * The theme keys its tabs on useIsBrowser(), so everything inside them (on the longest docs page,
 * most of its highlighted code) is created twice on load. That key predates the theme's current
 * tab state, which starts at the default tab on the server and in the browser alike and only then
 * moves to a stored or linked choice, in a layout effect: hydration already matches. So the tabs
 * themselves are told they run in the browser from the start (one key, one render), while each tab's
 * content keeps the real value, so components inside still render as on the server until
 * hydration ends. tests/e2e/content.test.ts checks that a stored tab choice still applies and that
 * no code line is re-created.
 */
export default function TabsWrapper(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const items = Children.map(props.children, (item) =>
    isValidElement(item)
      ? cloneElement(item as ReactElement<{children?: ReactNode}>, {
          children: (
            <BrowserContext.Provider value={isBrowser}>
              {(item as ReactElement<{children?: ReactNode}>).props.children}
            </BrowserContext.Provider>
          ),
        })
      : item,
  );
  return (
    <BrowserContext.Provider value>
      <Tabs {...props}>{items}</Tabs>
    </BrowserContext.Provider>
  );
}
