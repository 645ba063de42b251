/**
 * Dates inside page titles. Its own module because every page's heading uses it: importing it
 * must not bring the rest of the minutes logic into the main bundle.
 */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A title cut into plain text and ISO dates (`date: true`), so a view can keep each date on one line. */
export function splitDates(title: string): Array<{text: string; date: boolean}> {
  return title
    .split(/(\d{4}-\d{2}-\d{2})/)
    .filter(Boolean)
    .map((text) => ({text, date: DATE.test(text)}));
}
