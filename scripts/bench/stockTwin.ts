/**
 * The stock twin of the site, for `npm run bench -- --compare-stock`: a folder under .tmp/ whose
 * Docusaurus config (stockTwin.config.ts) reads this project's content in place and builds it with
 * stock Docusaurus only. The project's `src/` is linked in without `src/theme`, so the classic theme's
 * own components render every page.
 */
import {existsSync, mkdirSync, rmSync, symlinkSync} from 'node:fs';
import path from 'node:path';

export const TWIN_DIR = '.tmp/stock-twin';
export const TWIN_CONFIG = 'scripts/bench/stockTwin.config.ts';

/** Folders of `src/` the twin links in; `src/theme` (the project's theme components) is the one left out. */
const LINKED = ['src/components', 'src/css', 'src/lib', 'src/pages', 'src/types', 'config', 'static'];

/**
 * Creates the twin folder, or renews its links (its build and caches stay, for --skip-build);
 * returns the environment its builds need.
 */
export function prepareTwin(projectDir = process.cwd()): NodeJS.ProcessEnv {
  const twin = path.resolve(projectDir, TWIN_DIR);
  mkdirSync(path.join(twin, 'src'), {recursive: true});
  for (const entry of LINKED) {
    const target = path.resolve(projectDir, entry);
    if (!existsSync(target)) throw new Error(`stock twin: ${entry} is missing from the project`);
    const link = path.join(twin, entry);
    rmSync(link, {recursive: true, force: true});
    symlinkSync(target, link, 'dir');
  }
  return {...process.env, STOCK_TWIN_PROJECT: path.resolve(projectDir)};
}

/** The command that builds the twin (from the project folder); its output goes to TWIN_DIR/build. */
export function twinBuildCommand(): string {
  return `npx docusaurus build ${TWIN_DIR} --config ${path.resolve(TWIN_CONFIG)}`;
}

/** The command that clears the twin's caches and output, for a cold build. */
export function twinClearCommand(): string {
  return `npx docusaurus clear ${TWIN_DIR}`;
}
