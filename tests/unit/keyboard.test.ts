import {test} from 'node:test';
import assert from 'node:assert/strict';
import {moveFocus} from '../../src/lib/keyboard';

test('arrow keys: down from the input enters the list, up from the first item returns to it', () => {
  assert.equal(moveFocus('ArrowDown', -1, 3), 0);
  assert.equal(moveFocus('ArrowDown', 0, 3), 1);
  assert.equal(moveFocus('ArrowDown', 2, 3), 2, 'the last item stays');
  assert.equal(moveFocus('ArrowUp', 2, 3), 1);
  assert.equal(moveFocus('ArrowUp', 0, 3), -1, 'back to the input');
  assert.equal(moveFocus('ArrowUp', -1, 3), null, 'in the input, up is the caret’s');
  assert.equal(moveFocus('Home', 2, 3), 0);
  assert.equal(moveFocus('End', 0, 3), 2);
  assert.equal(moveFocus('Home', -1, 3), null, 'in the input, Home and End are the caret’s');
  assert.equal(moveFocus('End', -1, 3), null);
  assert.equal(moveFocus('ArrowDown', -1, 0), null, 'no results, nothing to move to');
  assert.equal(moveFocus('Enter', 1, 3), null, 'Enter is the link’s own');
  assert.equal(moveFocus('a', 1, 3), null);
});
