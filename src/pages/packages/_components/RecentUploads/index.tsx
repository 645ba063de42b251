import React, {useState, type ReactNode} from 'react';
import DataState from '@site/src/components/DataState';
import RelativeTime from '@site/src/components/RelativeTime';
import {packagesData} from '@site/src/lib/packages/data';
import type {ChannelFeed, PackageIndex} from '@site/src/lib/packages/index';
import {useRemoteData} from '@site/src/lib/data/useRemoteData';
import {useSources} from '@site/src/lib/data/useSources';
import BuiltBy from '../BuiltBy';
import {anacondaUrl} from '../PackageTable';
import PackageName from '../PackageName';
import {groupThousands} from '@site/src/lib/format/english';
import styles from './styles.module.css';

/** Rows shown at first, and added by each "Show more". */
const PAGE = 50;

function Updated({time, published}: {time: number | null; published: string}): ReactNode {
  if (time === null) return <span>{published || 'unknown'}</span>;
  return <RelativeTime time={time} now={Date.now()} />;
}

function UploadsTable({feed, index}: {feed: ChannelFeed; index: PackageIndex}): ReactNode {
  const [shown, setShown] = useState(PAGE);
  const {uploads, more} = feed;
  if (uploads.length === 0) return <p>The channel feed lists no recent uploads right now.</p>;
  const rows = uploads.slice(0, shown);
  return (
    <>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col" className={styles.rank}>
              #
            </th>
            <th scope="col">Package</th>
            <th scope="col" className={styles.wide}>
              Version
            </th>
            <th scope="col" className={styles.wide}>
              Built by
            </th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((upload, i) => {
            const version = upload.version || <span className={styles.muted}>not given</span>;
            const feedstocks = index.byName.get(upload.name.toLowerCase())?.feedstocks ?? [];
            return (
              <tr key={i}>
                <td className={styles.rank}>{i + 1}</td>
                <td>
                  <a href={anacondaUrl(upload.name)}>
                    <PackageName name={upload.name} />
                  </a>
                  {/* On a phone, the version and feedstocks go under the name, in place of their columns. */}
                  <div className={styles.details}>
                    <div>Version {version}</div>
                    <div>
                      Built by <BuiltBy name={upload.name} feedstocks={feedstocks} />
                    </div>
                  </div>
                </td>
                <td className={styles.wide}>{version}</td>
                <td className={styles.wide}>
                  <BuiltBy name={upload.name} feedstocks={feedstocks} />
                </td>
                <td>
                  <Updated time={upload.time} published={upload.published} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {shown < uploads.length && (
        <button type="button" className="button button--secondary" onClick={() => setShown((n) => n + PAGE)}>
          Show {Math.min(PAGE, uploads.length - shown)} more
        </button>
      )}
      {more && (
        <p className={styles.muted}>
          The feed lists more uploads; the newest {groupThousands(uploads.length)} are read.
        </p>
      )}
    </>
  );
}

/** The channel's latest uploads (its RSS feed), each with the feedstocks that build it. */
export default function RecentUploads({index}: {index: PackageIndex}): ReactNode {
  const {channelRss} = useSources();
  const state = useRemoteData(
    () => packagesData().then(({loadChannelFeed}) => loadChannelFeed(channelRss)),
    [channelRss],
  );
  return (
    <section aria-labelledby="recent-uploads">
      <h2 id="recent-uploads">Recently updated packages</h2>
      <DataState state={state} what="recent uploads">
        {(feed) => <UploadsTable feed={feed} index={index} />}
      </DataState>
    </section>
  );
}
