#!/usr/bin/env node
/**
 * The npm registry reachable here lacks other platforms' builds of some native packages
 * (@swc/core, @swc/html…), so `npm install` writes a lockfile whose optional dependencies point
 * at entries it could not record, and `npm ci` then refuses it. Run this after `npm install`:
 * it drops optional dependencies that have no entry in the lockfile.
 */
import {readFileSync, writeFileSync} from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
let removed = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  const optional = entry.optionalDependencies;
  if (!optional) continue;
  for (const name of Object.keys(optional)) {
    const candidates = [key && `${key}/node_modules/${name}`, `node_modules/${name}`].filter(Boolean);
    if (!candidates.some((c) => c in lock.packages)) {
      delete optional[name];
      removed++;
    }
  }
  if (Object.keys(optional).length === 0) delete entry.optionalDependencies;
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`prune-lockfile: removed ${removed} optional entries without a lockfile record`);
