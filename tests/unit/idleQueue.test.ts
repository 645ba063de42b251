import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createIdleQueue, SLICE_MS, type IdleDeadlineLike} from '../../src/lib/prefetch/idleQueue';

function harness(msPerJob: number) {
  let clock = 0;
  const pending: Array<(deadline: IdleDeadlineLike) => void> = [];
  const ran: number[] = [];
  const enqueue = createIdleQueue<number>(
    (job) => {
      ran.push(job);
      clock += msPerJob;
    },
    (callback) => pending.push(callback),
    () => clock,
  );
  const idle = (remaining = 50) => {
    const callback = pending.shift();
    assert.ok(callback, 'a slice was scheduled');
    const start = clock;
    callback({timeRemaining: () => Math.max(0, remaining - (clock - start))});
    return clock - start;
  };
  return {enqueue, idle, ran, pending};
}

test('jobs wait for idle time and run in order', () => {
  const h = harness(1);
  h.enqueue(1);
  h.enqueue(2);
  assert.deepEqual(h.ran, []);
  assert.equal(h.pending.length, 1, 'one slice is requested for many jobs');
  h.idle();
  assert.deepEqual(h.ran, [1, 2]);
  assert.equal(h.pending.length, 0);
});

test('a slice stops after SLICE_MS and the rest waits for the next idle period', () => {
  const h = harness(3);
  for (let i = 0; i < 10; i++) h.enqueue(i);
  const spent = h.idle();
  assert.ok(spent <= SLICE_MS + 3, `slice took ${spent} ms`);
  assert.ok(h.ran.length > 0 && h.ran.length < 10);
  assert.equal(h.pending.length, 1, 'another slice is requested');
  while (h.pending.length) h.idle();
  assert.deepEqual(h.ran, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
});

test('a slice with no idle time left runs nothing and asks again', () => {
  const h = harness(1);
  h.enqueue(1);
  h.idle(0);
  assert.deepEqual(h.ran, []);
  assert.equal(h.pending.length, 1);
});
