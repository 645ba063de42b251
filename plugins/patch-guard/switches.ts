/**
 * Switching patch points off, one build at a time, to measure what each buys
 * (`npm run bench -- --ablate`, scripts/bench/ablate.ts).
 *
 *   CF_PATCHES_OFF=deferred-mdx/reuse,lean-runtime/intl-utils npm run build
 *
 * builds the site with those points left out: their module replacements, aliases, loaders and output
 * checks are not applied, so the bundles are what Docusaurus makes without
 * them. A point that `requires` another (./patches.ts) goes off with it. An unknown id, or a point
 * that cannot be left out (`noSwitch`), fails the build: a misspelt switch must not measure nothing.
 * Without the variable every point is on; the switch is for measuring, never for the published site.
 */
import {PATCH_POINTS, type PatchPoint} from './patches';

export const PATCHES_OFF_ENV = 'CF_PATCHES_OFF';

/** The points switched off by `env`, with those that require them. */
export function switchedOff(env: NodeJS.ProcessEnv = process.env, points: PatchPoint[] = PATCH_POINTS): Set<string> {
  const named = (env[PATCHES_OFF_ENV] ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const byId = new Map(points.map((point) => [point.id, point]));
  const unknown = named.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    throw new Error(`${PATCHES_OFF_ENV} names no patch point: ${unknown.join(', ')} (plugins/patch-guard/patches.ts)`);
  }
  const kept = named.filter((id) => byId.get(id)?.noSwitch);
  if (kept.length > 0) {
    throw new Error(`${PATCHES_OFF_ENV}: ${kept.join(', ')} cannot be switched off (see noSwitch)`);
  }
  const off = new Set(named);
  for (let grew = true; grew;) {
    grew = false;
    for (const point of points) {
      if (!off.has(point.id) && point.requires?.some((id) => off.has(id))) {
        off.add(point.id);
        grew = true;
      }
    }
  }
  return off;
}

/** Whether a patch point applies in this build (true unless CF_PATCHES_OFF switches it off). */
export function patchOn(id: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!PATCH_POINTS.some((point) => point.id === id)) throw new Error(`patchOn: no patch point "${id}"`);
  return !switchedOff(env).has(id);
}
