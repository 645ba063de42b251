import DocSidebarDesktop from '@theme-original/DocSidebar/Desktop';
import {hydrateApart} from '@site/src/components/HydrateApart';

/** The docs sidebar for wide screens, hydrated apart: phones drop it unhydrated (src/components/HydrateApart). */
export default hydrateApart(DocSidebarDesktop);
