import React, {type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useDeferredMount} from '@site/src/lib/render/useDeferredMount';

/**
 * The phone menu (site links, and on docs pages the whole docs sidebar: ~350 elements), mounted in
 * a transition after hydration rather than in the render that follows it, which it made a long task
 * on phones (src/lib/render/useDeferredMount.ts). It is closed until the menu button is pressed, and
 * it is there within a few frames of the page becoming interactive.
 */
export default function MobileSidebarWrapper(): ReactNode {
  return useDeferredMount() ? <MobileSidebar /> : null;
}
