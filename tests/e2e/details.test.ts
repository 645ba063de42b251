/**
 * Smaller things a reader meets: the not-found page's best matches, the search modal's count in
 * the singular, the community meetings page's next core meeting and calendar file, and the preview
 * docs page saying where it is linked from. Desktop and phone, light and dark.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {hydrated, startSite, type Site} from './harness';
import {CORE_MEETING, CORE_MEETING_ICS} from '../../config/meetings';

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site.close());

const VIEWS = [
  {viewport: {width: 1440, height: 900}, mode: 'light'},
  {viewport: {width: 1440, height: 900}, mode: 'dark'},
  {viewport: {width: 390, height: 844}, mode: 'light'},
  {viewport: {width: 390, height: 844}, mode: 'dark'},
] as const;

async function open(view: (typeof VIEWS)[number]) {
  const opened = await site.open({viewport: view.viewport});
  await opened.context.addInitScript((theme) => localStorage.setItem('theme', theme), view.mode);
  return opened;
}

const label = (view: (typeof VIEWS)[number]) => `${view.viewport.width} px, ${view.mode}`;

test('the not-found page lists the best matches of the missing address at once, the renamed page first', async () => {
  for (const view of VIEWS) {
    const {page, context, errors} = await open(view);
    const response = await page.goto(site.baseUrl + '/docs/maintainer/adding-packages/');
    assert.equal(response?.status(), 404);
    await hydrated(page);
    // Nothing pressed: the list comes with the page.
    const matches = page.getByRole('region', {name: 'Best matches'});
    await matches.getByRole('link').first().waitFor();
    const first = matches.getByRole('link').first();
    assert.match(await first.innerText(), /^Contributing packages/, label(view));
    assert.equal(await first.getAttribute('href'), '/docs/maintainer/adding_pkgs/');
    // Then the search's results for the address's words, none twice.
    const hrefs = await matches
      .locator('ol')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')?.replace(/#.*$/, '')));
    assert.ok(hrefs.length >= 3 && hrefs.length <= 5, `${hrefs.length} results`);
    assert.equal(new Set(hrefs).size, hrefs.length, hrefs.join(' '));
    assert.match(await matches.innerText(), /“maintainer adding packages”/);
    // Every link of the list is on screen width: nothing runs off a phone.
    for (const box of await matches
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().right)))
      assert.ok(box <= view.viewport.width, `a link ends at ${box} px`);
    // Community and Status are among the sections.
    const sections = page.getByRole('list', {name: 'Or start from a section'});
    assert.equal(await sections.getByRole('link', {name: /^Community\b/}).getAttribute('href'), '/community/');
    assert.equal(await sections.getByRole('link', {name: /^Status\b/}).getAttribute('href'), '/status/');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the not-found page: the list follows words the reader types, and says when nothing matches', async () => {
  const {page, context, errors} = await site.open();
  await page.goto(site.baseUrl + '/docs/how-to-rerender-feedstock/');
  await hydrated(page);
  const matches = page.getByRole('region', {name: 'Best matches'});
  await matches
    .getByRole('link', {name: /^How to rerender a feedstock/})
    .first()
    .waitFor();
  const box = page.getByRole('search').getByLabel('Search the conda-forge website');
  await box.fill('noarch python');
  await matches.getByText('Pages that match “noarch python”:').waitFor();
  // Typed words bring no address suggestions: every result is the search's (it has a snippet).
  for (const item of await matches.locator('ol > li').all())
    assert.equal(await item.locator('.cf-hit-snippet').count(), 1);
  await box.fill('qqqzzzxxx');
  await page.getByText('No page matches “qqqzzzxxx”').waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('the search modal says "See 1 result" for a single result', async () => {
  const {page, context, errors} = await site.open();
  await page.goto(site.baseUrl + '/docs/');
  await hydrated(page);
  await page.keyboard.press('Control+k');
  const dialog = page.locator('dialog[open]');
  await dialog.getByRole('combobox').fill('scaleway');
  await dialog.getByRole('option').first().waitFor();
  assert.equal(await dialog.getByRole('option').count(), 1);
  const link = dialog.getByRole('link', {name: 'See 1 result'});
  await link.waitFor();
  assert.equal(await dialog.getByText(/See all 1 results/).count(), 0);
  assert.match((await link.getAttribute('href')) ?? '', /^\/search\/\?q=scaleway$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the meetings page says when the next core meeting is, in UTC and the reader’s time, and offers the calendar file', async () => {
  for (const view of VIEWS) {
    const {page, context, errors} = await open(view);
    await page.clock.setFixedTime(new Date('2025-12-01T00:00:00Z'));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', {timezoneId: 'Europe/Berlin'});
    await page.goto(site.baseUrl + '/community/meetings/');
    await hydrated(page);
    const box = page.locator('main').getByText('Next core meeting', {exact: true}).locator('..');
    // 1 December 2025: the cadence's next meeting is on 10 December at 17:00 UTC, 18:00 in Berlin.
    await box.getByText('Wednesday, December 10, 2025, 17:00–18:00 UTC').waitFor();
    assert.match(await box.innerText(), /In 10 days · starts at 18:00 \(UTC\+01:00\) your time/, label(view));
    // The cadence is said from the same fact.
    assert.match(
      await page.locator('main').innerText(),
      /Core meeting: every second Wednesday, 17:00–18:00 UTC and 14:00–15:00 UTC in turn/,
    );
    // The calendar file and the external calendar.
    const ics = box.getByRole('link', {name: /Add the core meetings to your calendar/});
    assert.equal(await ics.getAttribute('href'), CORE_MEETING_ICS);
    assert.ok(
      (
        await page.locator('main').getByRole('link', {name: 'conda-forge Google Calendar'}).getAttribute('href')
      )?.startsWith('https://calendar.google.com/'),
    );
    // The box fits the page: nothing runs off a phone.
    const right = await box.evaluate((el) => el.getBoundingClientRect().right);
    assert.ok(right <= view.viewport.width, `the box ends at ${right} px`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the calendar file is served as iCalendar and holds the cadence', async () => {
  const response = await fetch(site.baseUrl + CORE_MEETING_ICS);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/calendar/);
  const text = (await response.text()).replace(/\r\n /g, '');
  assert.match(text, /^BEGIN:VCALENDAR\r\n/);
  const starts = [...text.matchAll(/^DTSTART:(\d{8}T\d{6}Z)\r$/gm)].map((m) => m[1]);
  assert.deepEqual(starts, ['20241113T170000Z', '20241127T140000Z']);
  assert.equal(CORE_MEETING.startTimesUtc.length, starts.length);
  assert.equal([...text.matchAll(/^RRULE:FREQ=WEEKLY;INTERVAL=4;BYDAY=WE\r$/gm)].length, 2);
});

test('the preview docs page says it is linked from the footer, and the footer links to it under that name', async () => {
  const {page, context, errors} = await site.open();
  await page.goto(site.baseUrl + '/docs/diataxis/');
  await hydrated(page);
  const note = await page.locator('main .theme-admonition').first().innerText();
  assert.match(note, /footer links to it, as Reorganized docs under Docs/);
  const footer = page.locator('footer');
  const column = footer.locator('.footer__col').filter({has: page.locator('.footer__title', {hasText: /^Docs$/})});
  assert.equal(await column.getByRole('link', {name: 'Reorganized docs'}).getAttribute('href'), '/docs/diataxis/');
  assert.deepEqual(errors, []);
  await context.close();
});
