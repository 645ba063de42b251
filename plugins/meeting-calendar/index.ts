import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {CORE_MEETING, CORE_MEETING_ICS} from '../../config/meetings';
import {meetingIcs} from '../../src/lib/meetings/index';

/**
 * Writes the core meeting's calendar file (iCalendar, config/meetings.ts's cadence as recurring
 * events) into the built site at CORE_MEETING_ICS, where the community meetings page links to it.
 * The development server has no such file: it exists in production builds only.
 */
export default function meetingCalendarPlugin(context: LoadContext): Plugin {
  return {
    name: 'meeting-calendar',
    async postBuild({outDir}) {
      const site = new URL(context.siteConfig.url);
      const file = path.join(outDir, CORE_MEETING_ICS);
      await mkdir(path.dirname(file), {recursive: true});
      await writeFile(
        file,
        meetingIcs(CORE_MEETING, {
          pageUrl: new URL(`${context.baseUrl}community/meetings/`, site).href,
          domain: site.hostname,
          stamp: new Date(),
        }),
      );
    },
  };
}
