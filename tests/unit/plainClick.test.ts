import {test} from 'node:test';
import assert from 'node:assert/strict';
import {isPlainLeftClick, type ClickFacts} from '../../src/lib/routing/plainClick';

const plain: ClickFacts = {
  button: 0,
  defaultPrevented: false,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
};

test('a plain left click is the app’s to navigate', () => {
  assert.equal(isPlainLeftClick(plain), true);
});

test('other buttons, modifier keys and handled clicks are left to the browser', () => {
  assert.equal(isPlainLeftClick({...plain, button: 1}), false);
  assert.equal(isPlainLeftClick({...plain, button: 2}), false);
  for (const key of ['metaKey', 'altKey', 'ctrlKey', 'shiftKey'] as const) {
    assert.equal(isPlainLeftClick({...plain, [key]: true}), false, key);
  }
  assert.equal(isPlainLeftClick({...plain, defaultPrevented: true}), false);
});
