/**
 * Figures of `npm run bench -- --compare-stock`: each one measured on the project and on its stock
 * twin in the same run, with the ratio and the target the project must meet. Pure functions, so the
 * verdicts are unit-tested (tests/unit/benchCompare.test.ts).
 */

/** What a figure must satisfy. Absolute targets read the project's value; the others compare. */
export type Target =
  | {kind: 'atMost'; value: number}
  | {kind: 'atLeast'; value: number}
  | {kind: 'ratioAtMost'; value: number}
  /** at least `value` above stock (Lighthouse score points), or the highest score when that is less */
  | {kind: 'aboveStockBy'; value: number};

/**
 * Lighthouse's highest score. When stock scores above SCORE_MAX minus the margin, no score can
 * be that far above it: the target is then the highest score itself.
 */
export const SCORE_MAX = 100;

export interface CompareRow {
  group: string;
  name: string;
  unit: string;
  project: number;
  stock: number;
  targets: Target[];
}

/** project / stock; NaN when stock is 0 or either side is missing. */
export function ratio(row: Pick<CompareRow, 'project' | 'stock'>): number {
  if (!Number.isFinite(row.project) || !Number.isFinite(row.stock) || row.stock === 0) return Number.NaN;
  return row.project / row.stock;
}

/** Whether one target holds. A figure that could not be measured (NaN) never meets one. */
export function meets(row: CompareRow, target: Target): boolean {
  switch (target.kind) {
    case 'atMost':
      return row.project <= target.value;
    case 'atLeast':
      return row.project >= target.value;
    case 'ratioAtMost':
      return ratio(row) <= target.value;
    case 'aboveStockBy':
      return row.project >= Math.min(row.stock + target.value, SCORE_MAX);
  }
}

/** '' for a figure without targets, 'ok' when all hold, 'MISS' otherwise. */
export function verdict(row: CompareRow): '' | 'ok' | 'MISS' {
  if (row.targets.length === 0) return '';
  return row.targets.every((target) => meets(row, target)) ? 'ok' : 'MISS';
}

/**
 * How many groups whose name starts with `prefix` (one per page type, e.g. 'lighthouse') meet
 * every target of their figures, out of how many there are: the count a report states, so that
 * nobody counts the table's misses by hand.
 */
export function groupsMeeting(rows: CompareRow[], prefix: string): {met: number; of: number} {
  const missed = new Map<string, boolean>();
  for (const row of rows) {
    if (row.group.startsWith(prefix)) missed.set(row.group, missed.get(row.group) === true || verdict(row) === 'MISS');
  }
  const groups = [...missed.values()];
  return {met: groups.filter((miss) => !miss).length, of: groups.length};
}

export function describeTarget(target: Target, unit: string): string {
  const suffix = unit ? ` ${unit}` : '';
  switch (target.kind) {
    case 'atMost':
      return `≤ ${target.value}${suffix}`;
    case 'atLeast':
      return `≥ ${target.value}${suffix}`;
    case 'ratioAtMost':
      return `≤ ${target.value}× stock`;
    case 'aboveStockBy':
      return `≥ stock + ${target.value} (at most ${SCORE_MAX})`;
  }
}

const format = (value: number) =>
  Number.isNaN(value) ? '—' : Number.isInteger(value) ? String(value) : value.toFixed(Math.abs(value) < 1 ? 3 : 1);

/** The report as a Markdown table, one section per group. */
export function toMarkdown(rows: CompareRow[]): string {
  const lines: string[] = [];
  let group = '';
  for (const row of rows) {
    if (row.group !== group) {
      group = row.group;
      lines.push(
        '',
        `### ${group}`,
        '',
        '| figure | project | stock | ratio | target | |',
        '|---|--:|--:|--:|---|---|',
      );
    }
    const unit = row.unit ? ` ${row.unit}` : '';
    const targets = row.targets.map((target) => describeTarget(target, row.unit)).join(', ');
    lines.push(
      `| ${row.name} | ${format(row.project)}${unit} | ${format(row.stock)}${unit} | ${format(ratio(row))} | ${targets} | ${verdict(row)} |`,
    );
  }
  return `${lines.join('\n').trim()}\n`;
}
