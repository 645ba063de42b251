import type {LoadContext, Plugin} from '@docusaurus/types';
import {checkBuildOutput, OUTPUT_CHECKS, readBuildOutput} from './outputChecks';
import {GAIN_TOO_SMALL, PATCH_POINTS, type PatchPoint} from './patches';
import {upstreamProblems} from './upstream';
import {PATCHES_OFF_ENV, switchedOff} from './switches';

/**
 * What the bundles need to leave switched-off points out (./switches.ts): the list itself, for the
 * client code that reads it (`process.env.CF_PATCHES_OFF`, empty in every normal build).
 */
export function switchedOffBundleConfig(off: Set<string>) {
  return {define: {[`process.env.${PATCHES_OFF_ENV}`]: JSON.stringify([...off].join(','))}};
}

/** Output checks whose name is not an entry of the registry (each check must belong to one). */
export function unlistedChecks(points: PatchPoint[] = PATCH_POINTS): string[] {
  const ids = new Set(points.map((point) => point.id));
  return OUTPUT_CHECKS.map((check) => check.patch).filter((id) => !ids.has(id));
}

/**
 * A guard's problems (`[id] …` lines) followed, once per patch point, by what its registry entry
 * says it depends on and when to delete it.
 */
export function withRegistryNotes(problems: string[], points: PatchPoint[] = PATCH_POINTS): string {
  const ids = [...new Set(problems.map((problem) => /^\[([^\]]+)\]/.exec(problem)?.[1]).filter(Boolean))];
  const notes = ids.flatMap((id) => {
    const point = points.find((candidate) => candidate.id === id);
    if (!point) return [];
    const upstream = point.dependsOn.map((dep) => `${dep.package}@${dep.version} ${dep.path}`).join('; ');
    const deleteWhen = point.deleteWhen.replace(`, or ${GAIN_TOO_SMALL}`, '');
    return [`  ${id}: depends on ${upstream}. Delete it when ${deleteWhen.replace(/\.$/, '')}.`];
  });
  return [
    ...problems,
    '',
    'Each line names its entry in plugins/patch-guard/patches.ts (see also docs-dev/debugging.md):',
    ...notes,
  ].join('\n');
}

/**
 * The guard of the site's patch points (./patches.ts). At build start (when the plugin is created,
 * before any bundling): every module replacement and alias must still find its upstream file,
 * match it and export what it replaces, and every output check must belong to a listed point.
 * After every production build: the output checks (./outputChecks.ts). Listed last among the
 * plugins so it runs after the others.
 */
export default function patchGuard(context: LoadContext): Plugin {
  const unlisted = unlistedChecks();
  if (unlisted.length > 0) {
    throw new Error(
      `patch-guard: output checks of unlisted patch points: ${unlisted.join(', ')} (plugins/patch-guard/patches.ts)`,
    );
  }
  const upstream = upstreamProblems(PATCH_POINTS, context.siteDir);
  if (upstream.length > 0) {
    throw new Error(`A patch point no longer matches the upstream code it replaces:\n${withRegistryNotes(upstream)}`);
  }
  const off = switchedOff();
  if (off.size > 0)
    console.warn(`[patch-guard] switched off for measuring (${PATCHES_OFF_ENV}): ${[...off].join(', ')}`);
  return {
    name: 'patch-guard',
    configureWebpack(_config, _isServer, {currentBundler}) {
      const {define} = switchedOffBundleConfig(off);
      return {plugins: [new currentBundler.instance.DefinePlugin(define)]};
    },
    async postBuild({outDir}) {
      const problems = checkBuildOutput(readBuildOutput(outDir, context.generatedFilesDir), off);
      if (problems.length > 0 && off.size > 0) {
        // A measuring build: leaving one point out can take another's effect with it (the
        // highlighter's alias is what keeps Prism's grammars out of every chunk). Said, not fatal.
        console.warn(`[patch-guard] with ${[...off].join(', ')} off, other checks found:\n${problems.join('\n')}`);
      } else if (problems.length > 0) {
        throw new Error(`A patch of Docusaurus's output did not apply:\n${withRegistryNotes(problems)}`);
      }
    },
  };
}
