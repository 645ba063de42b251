import {test} from 'node:test';
import assert from 'node:assert/strict';
import {rootMarginFor} from '../../src/lib/render/coveredArea';

test('the root margin shrinks the viewport to the covered box', () => {
  // The back-to-top button at 390 × 844: 48 px square, 20.8 px from the right and bottom edges.
  assert.equal(
    rootMarginFor({x: 321.2, y: 775.2, width: 48, height: 48}, {width: 390, height: 844}),
    '-775px -21px -21px -321px',
  );
  // A box partly outside the viewport never asks for a positive margin.
  assert.equal(rootMarginFor({x: -10, y: 0, width: 50, height: 50}, {width: 40, height: 40}), '0px 0px 0px 0px');
});
