import DocItemTOCDesktop from '@theme-original/DocItem/TOC/Desktop';
import {hydrateApart} from '@site/src/components/HydrateApart';

/** The table of contents for wide screens, hydrated apart: phones drop it unhydrated (src/components/HydrateApart). */
export default hydrateApart(DocItemTOCDesktop);
