/**
 * The console guard of the harness: an uncaught page error anywhere makes `site.close()` fail,
 * unless the test that opened the page said it expected that error.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {hydrated, pageErrorReport, startSite} from './harness';

/** Throws an uncaught error from the page's own event loop, as a broken component would. */
const throwInPage = (message: string) => `setTimeout(() => { throw new Error(${JSON.stringify(message)}); }, 0)`;

test('an uncaught page error makes site.close() throw with the message and the URL', async () => {
  const site = await startSite();
  const {page} = await site.open();
  await page.goto(site.baseUrl + '/docs/');
  await hydrated(page);
  await page.addScriptTag({content: throwInPage('guard probe: broken widget')});
  await waitFor(() => site.pageErrors.length === 1);
  await assert.rejects(site.close(), (error: Error) => {
    assert.match(error.message, /Console guard: 1 uncaught page error/);
    assert.match(error.message, /\/docs\/: guard probe: broken widget/);
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
  await popup.addScriptTag({content: throwInPage('guard probe: popup')});
  await waitFor(() => site.pageErrors.length === 1);
  await assert.rejects(site.close(), /\/blog\/: guard probe: popup/);
});

test('a named opt-out covers only the errors it matches', async () => {
  const site = await startSite();
  const expecting = await site.open({expectPageErrors: {because: 'the probe throws on purpose', match: /^guard probe: expected$/}});
  await expecting.page.goto(site.baseUrl + '/');
  await expecting.page.addScriptTag({content: throwInPage('guard probe: expected')});
  await waitFor(() => site.pageErrors.length === 1);
  assert.equal(expecting.errors.length, 1, 'the page still sees its error');
  assert.equal(pageErrorReport(site.pageErrors), '');
  // Another error on the same opted-out page is not covered by the opt-out.
  await expecting.page.addScriptTag({content: throwInPage('guard probe: something else')});
  await waitFor(() => site.pageErrors.length === 2);
  await assert.rejects(site.close(), (error: Error) => {
    assert.match(error.message, /1 uncaught page error/);
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

async function waitFor(condition: () => boolean, timeout = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeout) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
