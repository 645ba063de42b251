/**
 * The search modal's type-ahead (src/lib/search/typeAhead.ts): what is typed between opening search
 * and the modal's field existing. The browser path (keys sent without delay on a slowed-down CPU)
 * is checked end to end in tests/e2e/search.test.ts; here, the stand-in field's rules.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startTypeAhead, stopTypeAhead} from '../../src/lib/search/typeAhead';

/** Just enough of a document for the stand-in field: elements record focus, listeners and removal. */
function fakeDocument() {
  const appended: FakeField[] = [];
  const focus: {field: FakeField | null} = {field: null};
  class FakeField {
    type = '';
    autocomplete = '';
    spellcheck = true;
    value = '';
    style = {cssText: ''};
    attributes: Record<string, string> = {};
    listeners: Record<string, Array<(event: unknown) => void>> = {};
    removed = false;
    setAttribute(name: string, value: string) {
      this.attributes[name] = value;
    }
    addEventListener(type: string, listener: (event: unknown) => void) {
      (this.listeners[type] ??= []).push(listener);
    }
    focus() {
      focus.field = this;
    }
    remove() {
      this.removed = true;
    }
    /** A key pressed in the field; printable keys are typed unless the listener prevents them. */
    press(key: string) {
      let prevented = false;
      for (const listener of this.listeners.keydown ?? []) listener({key, preventDefault: () => (prevented = true)});
      if (!prevented && key.length === 1) this.value += key;
    }
  }
  const doc = {
    createElement: () => new FakeField(),
    body: {append: (field: FakeField) => appended.push(field)},
  };
  return {doc: doc as unknown as Document, appended, focused: () => focus.field};
}

test('keys typed before the modal exists are kept in order, and the stand-in field goes', () => {
  const {doc, appended, focused} = fakeDocument();
  let cancelled = 0;
  startTypeAhead(doc, () => cancelled++);
  const [field] = appended;
  assert.equal(focused(), field, 'the stand-in field takes the focus at once');
  assert.equal(field.attributes['aria-label'], 'Search the site');
  assert.match(field.style.cssText, /opacity:0/);
  assert.match(field.style.cssText, /font-size:16px/, 'phones do not zoom in on it');
  for (const key of 'rerender') field.press(key);
  assert.deepEqual(stopTypeAhead(), {text: 'rerender', submitted: false});
  assert.equal(field.removed, true);
  assert.deepEqual(stopTypeAhead(), {text: '', submitted: false}, 'nothing left once taken');
  assert.equal(cancelled, 0);
});

test('a second shortcut keeps what was typed; Enter after text asks for the results; Escape cancels', () => {
  const {doc, appended} = fakeDocument();
  startTypeAhead(doc, () => undefined);
  appended[0].press('Enter');
  appended[0].press('c');
  startTypeAhead(doc, () => undefined);
  assert.equal(appended.length, 1, 'the same field');
  appended[0].press('u');
  assert.deepEqual(stopTypeAhead(), {text: 'cu', submitted: false}, 'Enter before any text is not a submission');

  startTypeAhead(doc, () => undefined);
  for (const key of 'cuda') appended[1].press(key);
  appended[1].press('Enter');
  assert.equal(appended[1].value, 'cuda', 'Enter types nothing');
  assert.deepEqual(stopTypeAhead(), {text: 'cuda', submitted: true});

  let cancelled = 0;
  startTypeAhead(doc, () => cancelled++);
  appended[2].press('x');
  appended[2].press('Escape');
  assert.equal(cancelled, 1);
  assert.equal(appended[2].removed, true);
  assert.deepEqual(stopTypeAhead(), {text: '', submitted: false}, 'what was typed before Escape is dropped');
});
