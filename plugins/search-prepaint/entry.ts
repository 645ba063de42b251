/**
 * The prepaint script of the search page (src/lib/search/prepaint.ts), as the browser runs it:
 * paints what it can, then releases the page's entry scripts whatever happened.
 */
import {prepaintSearch} from '../../src/lib/search/prepaint';

const release = () => window.cfReleaseScripts?.();
prepaintSearch(window).then(release, release);
