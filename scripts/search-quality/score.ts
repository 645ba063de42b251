/**
 * Scores the probes of the query table (./queries.ts): where the expected answer stands in the
 * search page's results and in the modal's options. Packages (their group comes first) count
 * before pages in both.
 */
import type {Kind, QualityQuery} from './queries';
import type {Probe} from './entry';

export interface ViewScore {
  /** 1-based place of the expected answer, or null when it is not among the first results. */
  rank: number | null;
  top1: boolean;
  top3: boolean;
}

export interface Row {
  query: string;
  kind: Kind;
  page: ViewScore;
  modal: ViewScore;
  /** What came first on the search page. */
  first: string;
  notices: string[];
}

export interface Outcome {
  total: number;
  view: Record<'page' | 'modal', {top1: number; top3: number; empty: number}>;
  kinds: Record<string, {count: number; top1: number; top3: number}>;
  rows: Row[];
}

const pathOf = (url: string) => url.split('#')[0];

function viewScore(expect: QualityQuery['expect'], packages: string[], results: string[]): ViewScore {
  const options = [...packages.map((name) => `package:${name}`), ...results.map(pathOf)];
  const wanted = [...(expect.packages ?? []).map((name) => `package:${name}`), ...(expect.pages ?? [])];
  const index = options.findIndex((option) => wanted.includes(option));
  return {rank: index < 0 ? null : index + 1, top1: index === 0, top3: index >= 0 && index < 3};
}

export function scoreQueries(queries: readonly QualityQuery[], probes: readonly Probe[]): Outcome {
  const rows = queries.map((q, i): Row => {
    const probe = probes[i];
    return {
      query: q.query,
      kind: q.kind,
      page: viewScore(q.expect, probe.packages, probe.page),
      modal: viewScore(q.expect, probe.packages, probe.modal),
      first: probe.packages[0] ? `package:${probe.packages[0]}` : (probe.page[0] ?? '(no results)'),
      notices: probe.notices,
    };
  });
  const view = {page: {top1: 0, top3: 0, empty: 0}, modal: {top1: 0, top3: 0, empty: 0}};
  const kinds: Outcome['kinds'] = {};
  rows.forEach((row, i) => {
    for (const name of ['page', 'modal'] as const) {
      view[name].top1 += row[name].top1 ? 1 : 0;
      view[name].top3 += row[name].top3 ? 1 : 0;
      const empty = probes[i].packages.length === 0 && probes[i][name].length === 0;
      view[name].empty += empty ? 1 : 0;
    }
    const kind = (kinds[row.kind] ??= {count: 0, top1: 0, top3: 0});
    kind.count += 1;
    kind.top1 += row.page.top1 ? 1 : 0;
    kind.top3 += row.page.top3 ? 1 : 0;
  });
  return {total: rows.length, view, kinds, rows};
}
