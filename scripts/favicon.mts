// Writes static/img/favicon.ico from static/img/favicon.svg (plugins/svg-sprite/favicon.ts, with resvg).
// Run it after changing the SVG; tests/unit/svgSprite.test.ts fails until you do.
import {readFile, writeFile} from 'node:fs/promises';
import {faviconIco, FAVICON_SIZES} from '../plugins/svg-sprite/favicon';

const svg = await readFile('static/img/favicon.svg', 'utf8');
const ico = await faviconIco(svg);
await writeFile('static/img/favicon.ico', ico);
console.log(`static/img/favicon.ico: ${FAVICON_SIZES.join(', ')} px, ${ico.length} bytes`);
