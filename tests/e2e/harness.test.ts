/**
 * The console guard of the harness: an uncaught page error or a `console.error` anywhere (React's
 * hydration mismatches among them) makes `site.close()` fail, unless the test that opened the
 * page said it expected that error.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {hydrated, pageErrorReport, startSite, type Site} from './harness';

/** Throws an uncaught error from the page's own event loop, as a broken component would. */
const throwInPage = (message: string) => `setTimeout(() => { throw new Error(${JSON.stringify(message)}); }, 0)`;

test('an uncaught page error makes site.close() throw with the message and the URL', async () => {
  const site = await startSite();
  const {page} = await site.open();
  await page.goto(site.baseUrl + '/docs/');
  await hydrated(page);
  await Promise.all([
    page.waitForEvent('pageerror'),
    page.addScriptTag({content: throwInPage('guard probe: broken widget')}),
  ]);
  await assert.rejects(site.close(), (error: Error) => {
    assert.match(error.message, /Console guard: 1 page error/);
    assert.match(error.message, /\/docs\/: \[uncaught\] guard probe: broken widget/);
    return true;
  });
});

test('an error from a popup of an opened page is caught too', async () => {
  const site = await startSite();
  const {page} = await site.open();
  await page.goto(site.baseUrl + '/');
  await hydrated(page);
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    page.evaluate((url) => void window.open(url), site.baseUrl + '/blog/'),
  ]);
  await popup.waitForLoadState();
  await Promise.all([
    popup.waitForEvent('pageerror'),
    popup.addScriptTag({content: throwInPage('guard probe: popup')}),
  ]);
  assert.equal(site.pageErrors.length, 1);
  await assert.rejects(site.close(), /\/blog\/: \[uncaught\] guard probe: popup/);
});

test('a named opt-out covers only the errors it matches', async () => {
  const site = await startSite();
  const expecting = await site.open({
    expectPageErrors: {because: 'the probe throws on purpose', match: /^guard probe: expected$/},
  });
  await expecting.page.goto(site.baseUrl + '/');
  await Promise.all([
    expecting.page.waitForEvent('pageerror'),
    expecting.page.addScriptTag({content: throwInPage('guard probe: expected')}),
  ]);
  assert.equal(expecting.errors.length, 1, 'the page still sees its error');
  assert.equal(pageErrorReport(site.pageErrors), '');
  // Another error on the same opted-out page is not covered by the opt-out.
  await Promise.all([
    expecting.page.waitForEvent('pageerror'),
    expecting.page.addScriptTag({content: throwInPage('guard probe: something else')}),
  ]);
  await assert.rejects(site.close(), (error: Error) => {
    assert.match(error.message, /1 page error/);
    assert.match(error.message, /something else/);
    assert.doesNotMatch(error.message, /guard probe: expected/);
    return true;
  });
});

test('an opt-out must say why', async () => {
  const site = await startSite();
  try {
    await assert.rejects(site.open({expectPageErrors: {because: ' ', match: /./}}), /needs a `because`/);
  } finally {
    await site.close();
  }
});

test('a clean run closes without complaint', async () => {
  const site = await startSite();
  const {page} = await site.open();
  await page.goto(site.baseUrl + '/style-guide/');
  await hydrated(page);
  await site.close();
  assert.deepEqual(site.pageErrors, []);
});

test('console.error on a page fails the run too', async () => {
  const site = await startSite();
  const {page} = await site.open();
  await page.goto(site.baseUrl + '/');
  await hydrated(page);
  await Promise.all([page.waitForEvent('console'), page.evaluate(() => console.error('guard probe: logged'))]);
  await assert.rejects(site.close(), /\/: \[console\.error\] guard probe: logged/);
});

/**
 * Serves /docs/ with a server-rendered heading that the client will not render, as a patch that
 * breaks server rendering would: React reports the mismatch while hydrating.
 */
async function openMismatchedDocs(site: Site) {
  const {page} = await site.open();
  await page.route(`${site.baseUrl}/docs/`, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const altered = html.replace('<h1>conda-forge documentation', '<h1>Rendered on the server only');
    assert.notEqual(altered, html, 'the probe found the heading to alter');
    await route.fulfill({response, body: altered});
  });
  return page;
}

test('a server/client mismatch during hydration fails the run', async () => {
  const site = await startSite();
  const page = await openMismatchedDocs(site);
  const reported = page.waitForEvent('console', (message) => message.type() === 'error');
  await page.goto(site.baseUrl + '/docs/');
  await reported;
  await hydrated(page);
  await assert.rejects(site.close(), (error: Error) => {
    assert.match(error.message, /\/docs\/: \[console\.error\] .*onRecoverableError/);
    return true;
  });
});

test('the same page served as built hydrates without a report', async () => {
  const site = await startSite();
  const {page} = await site.open();
  await page.goto(site.baseUrl + '/docs/');
  await hydrated(page);
  await site.close();
  assert.deepEqual(site.pageErrors, []);
});
