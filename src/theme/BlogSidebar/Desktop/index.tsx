import BlogSidebarDesktop from '@theme-original/BlogSidebar/Desktop';
import {hydrateApart} from '@site/src/components/HydrateApart';

/** The blog and news sidebar for wide screens, hydrated apart: phones drop it unhydrated (src/components/HydrateApart). */
export default hydrateApart(BlogSidebarDesktop);
