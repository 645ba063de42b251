import type {Plugin} from '@docusaurus/types';
import {checkBuildOutput, readBuildOutput} from './outputChecks';

/**
 * Fails the production build when one of the site's patches of Docusaurus's output did not
 * apply (see ./outputChecks.ts). Listed last among the plugins so it runs after the others.
 */
export default function patchGuard(): Plugin {
  return {
    name: 'patch-guard',
    async postBuild({outDir}) {
      const problems = checkBuildOutput(readBuildOutput(outDir));
      if (problems.length > 0) {
        throw new Error(
          `A patch of Docusaurus's output did not apply (see README, "Upgrading Docusaurus"):\n${problems.join('\n')}`,
        );
      }
    },
  };
}
