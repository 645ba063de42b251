/** The home page statistics, shaped from by-the-numbers' live_counts.json. */
import {expectNumber, expectRecord} from '../data/validate';

export interface StatTile {
  label: string;
  value: number;
}

/** Validates live_counts.json and returns the eight tiles in display order. */
export function parseLiveCounts(data: unknown): StatTile[] {
  const root = expectRecord(data, 'live_counts.json');
  const downloads = expectRecord(root.downloads, 'downloads');
  const n = (key: string) => expectNumber(root[key], key);
  return [
    {label: 'Monthly downloads', value: expectNumber(downloads.month, 'downloads.month')},
    {label: 'Overall downloads', value: expectNumber(downloads.all, 'downloads.all')},
    {label: 'Feedstocks', value: n('n_repos')},
    {label: 'Packages', value: n('n_packages')},
    {label: 'Core developers', value: n('n_members_core')},
    {label: 'Artifacts', value: n('n_artifacts')},
    {label: 'Feedstock maintainers', value: n('n_members')},
    {label: 'Issues + PRs', value: n('n_prs') + n('n_issues')},
  ];
}
