/**
 * "Last updated on Nov 26, 2026" under a docs page, written by the site (a swizzled theme
 * component): the theme's own builds an `Intl.DateTimeFormat` while the page hydrates, which costs
 * 13–30 ms of main-thread time the first time (src/lib/format/english.ts). Same words, translation
 * ids and class as the theme's.
 */
import React, {type ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import {ThemeClassNames} from '@docusaurus/theme-common';
import type {Props} from '@theme/LastUpdated';
import {formatUtc} from '@site/src/lib/format/english';

function AtDate({time}: {time: number}): ReactNode {
  const date = new Date(time);
  const when = (
    <b>
      <time dateTime={date.toISOString()} itemProp="dateModified">
        {formatUtc(date, {month: 'short', year: true})}
      </time>
    </b>
  );
  return (
    <Translate id="theme.lastUpdated.atDate" values={{date: when}}>
      {' on {date}'}
    </Translate>
  );
}

export default function LastUpdated({lastUpdatedAt, lastUpdatedBy}: Props): ReactNode {
  return (
    <span className={ThemeClassNames.common.lastUpdated}>
      <Translate
        id="theme.lastUpdated.lastUpdatedAtBy"
        values={{
          atDate: lastUpdatedAt ? <AtDate time={lastUpdatedAt} /> : '',
          byUser: lastUpdatedBy ? (
            <Translate id="theme.lastUpdated.byUser" values={{user: <b>{lastUpdatedBy}</b>}}>
              {' by {user}'}
            </Translate>
          ) : (
            ''
          ),
        }}
      >
        {'Last updated{atDate}{byUser}'}
      </Translate>
    </span>
  );
}
