import {test} from 'node:test';
import assert from 'node:assert/strict';
import {DataError} from '../../src/lib/data/validate';
import {parseObjectInSteps, runAtOnce, runInSteps} from '../../src/lib/data/steps';

const parse = (text: string, pieceSize?: number) => runAtOnce(parseObjectInSteps(text, pieceSize));

test('an object parsed in pieces has the members JSON.parse gives it', () => {
  const samples = [
    '{}',
    ' {"a": 1} ',
    '{"a": [1, 2, {"b": "]}"}], "c": "x,y", "d": {"e": [[]]}}',
    '{"quote \\" and , comma": "back\\\\slash", "u": "\\u00e9\\u2028", "n": null, "t": true}',
    '{"a": 1, "a": 2}',
    JSON.stringify(Object.fromEntries(Array.from({length: 2000}, (_, i) => [`pkg-${i}`, [`f${i % 9}`, '{', ']']]))),
  ];
  for (const text of samples) {
    for (const size of [1, 7, 1000, undefined]) {
      assert.deepEqual({...parse(text, size)}, JSON.parse(text), `${text.slice(0, 40)} (pieces of ${size})`);
    }
  }
});

test('a big object is parsed in several steps, and a key "__proto__" is a plain key', async () => {
  const text = JSON.stringify(Object.fromEntries(Array.from({length: 5000}, (_, i) => [`k${i}`, i])));
  let pauses = 0;
  const parsed = await runInSteps(parseObjectInSteps(text, 1000), {
    pause: async () => {
      pauses++;
    },
    budgetMs: 0,
  });
  assert.ok(pauses >= 40, `${pauses} pauses`);
  assert.equal(Object.keys(parsed).length, 5000);
  const hostile = parse('{"__proto__": {"polluted": true}, "a": 1}', 1);
  assert.deepEqual(Object.keys(hostile), ['__proto__', 'a']);
  assert.equal(Object.getPrototypeOf(hostile), null);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

test('steps run one after another until the budget is spent, then pause; a budget of 0 pauses after each', async () => {
  function* tenSteps(): Generator<void, string> {
    for (let i = 0; i < 10; i++) yield;
    return 'done';
  }
  // A clock that moves 3 ms per reading: with a budget of 8, a slice holds three steps.
  let clock = 0;
  const now = () => (clock += 3);
  const slices: number[] = [];
  let stepsInSlice = 0;
  function* counted(): Generator<void, string> {
    const steps = tenSteps();
    for (;;) {
      const step = steps.next();
      stepsInSlice++;
      if (step.done) return step.value;
      yield;
    }
  }
  const pause = async () => {
    slices.push(stepsInSlice);
    stepsInSlice = 0;
  };
  assert.equal(await runInSteps(counted(), {pause, budgetMs: 8, now}), 'done');
  assert.deepEqual(slices, [3, 3, 3]);
  slices.length = 0;
  stepsInSlice = 0;
  assert.equal(await runInSteps(counted(), {pause, budgetMs: 0, now}), 'done');
  assert.equal(slices.length, 10);
});

test('anything but one JSON object is a DataError, whatever the piece size', () => {
  const bad = [
    '',
    '   ',
    '[1, 2]',
    '"text"',
    '{"a": 1',
    '{"a": 1}}',
    '{"a": 1} x',
    '{"a": 1,}',
    '{"a": 1, }',
    '{,}',
    '{"a": [1}',
    '{"a": "unterminated}',
    '{"a" 1}',
    '{"a": 1]',
    '<!doctype html><title>Error</title>',
  ];
  for (const text of bad) {
    for (const size of [1, 3, 1000]) {
      assert.throws(() => parse(text, size), DataError, `${text} (pieces of ${size})`);
    }
  }
});
