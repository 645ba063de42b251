/** Grouping of meeting-minutes links by year, for the minutes index page. */

export interface MinutesLink {
  date: string;
  href: string;
  description?: string;
}

export interface MinutesYear {
  year: string;
  meetings: MinutesLink[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Groups meetings by year, newest year and newest meeting first; ignores non-date labels. */
export function groupMinutesByYear(links: MinutesLink[]): MinutesYear[] {
  const byYear = new Map<string, MinutesLink[]>();
  for (const link of links) {
    if (!DATE.test(link.date)) continue;
    const year = link.date.slice(0, 4);
    byYear.set(year, [...(byYear.get(year) ?? []), link]);
  }
  return [...byYear]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([year, meetings]) => ({year, meetings: meetings.sort((a, b) => b.date.localeCompare(a.date))}));
}
