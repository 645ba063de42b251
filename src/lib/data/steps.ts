/**
 * Work on large remote data in steps, so no single task blocks input or painting for long: a
 * generator does the work in small steps and yields between them; `runInSteps` drives it in slices
 * of STEP_BUDGET_MS with a pause between slices (the browser), `runAtOnce` without (tests, small
 * data).
 */
import {DataError} from './validate';

interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves when the next step may run: after the browser has had its turn (input, painting). With
 * `scheduler.yield` (Chromium 129 and later) the work goes on as soon as it has; elsewhere, a
 * macrotask (setTimeout, which browsers clamp to 4 ms after a few nested calls).
 */
export const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as {scheduler?: YieldingScheduler}).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * How long a run of steps keeps the main thread before it pauses, in ms. Lighthouse multiplies
 * each task by its CPU slowdown (4 on its phone profile) and counts what passes 50 ms as blocking:
 * a task of 8 ms plus one short step stays under it.
 */
export const STEP_BUDGET_MS = 8;

export interface StepOptions {
  /** Resolves when the next step may run (default `nextTask`). */
  pause?: () => Promise<void>;
  /** Steps run one after another until this many ms have passed, then pause; 0 pauses after each. */
  budgetMs?: number;
  /** The clock the budget is read on (tests). */
  now?: () => number;
}

/**
 * The budget of runInSteps, for work that is not a generator: each call says whether the slice has
 * used up `budgetMs`; if so it returns the pause to await (and the next slice starts after it),
 * else undefined, and the work goes on without a turn of the event loop.
 */
export function sliceClock({
  pause = nextTask,
  budgetMs = STEP_BUDGET_MS,
  now = () => performance.now(),
}: StepOptions = {}): () => Promise<void> | undefined {
  let sliceStart = now();
  return () => {
    if (now() - sliceStart < budgetMs) return undefined;
    return pause().then(() => {
      sliceStart = now();
    });
  };
}

export async function runInSteps<T>(steps: Generator<void, T>, options: StepOptions = {}): Promise<T> {
  const slice = sliceClock(options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    const pause = slice();
    if (pause) await pause;
  }
}

export function runAtOnce<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

const malformed = () => new DataError('The data could not be read (malformed JSON).');

const [QUOTE, BACKSLASH, COMMA] = ['"', '\\', ','].map((c) => c.charCodeAt(0));
const [OPEN_OBJECT, CLOSE_OBJECT, OPEN_ARRAY, CLOSE_ARRAY] = ['{', '}', '[', ']'].map((c) => c.charCodeAt(0));

/**
 * JSON.parse of a large object, in steps: the text is cut between top-level members into pieces
 * of about `pieceSize` characters, and each piece is parsed on its own (`{piece}`), so no step
 * parses more than a piece. The result has the members JSON.parse would give (the last of
 * repeated keys wins), on an object without a prototype (a key `__proto__` is a key like any
 * other). A text that is not one JSON object throws DataError.
 */
export function* parseObjectInSteps(text: string, pieceSize = 32_000): Generator<void, Record<string, unknown>> {
  const start = text.search(/\S/);
  if (start < 0 || text.charCodeAt(start) !== OPEN_OBJECT) throw malformed();
  const result = Object.create(null) as Record<string, unknown>;
  let pieces = 0;
  const add = (piece: string) => {
    // Only `{}` may be empty; an empty piece after a cut is a trailing comma.
    if (!/\S/.test(piece)) {
      if (pieces > 0) throw malformed();
      return;
    }
    pieces++;
    let members: unknown;
    try {
      members = JSON.parse(`{${piece}}`);
    } catch {
      throw malformed();
    }
    for (const [key, value] of Object.entries(members as Record<string, unknown>)) result[key] = value;
  };
  let pieceStart = start + 1;
  let depth = 0;
  let inString = false;
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth === 0) {
        // The end of the top-level object: only white space may follow.
        if (c !== CLOSE_OBJECT || /\S/.test(text.slice(i + 1))) throw malformed();
        add(text.slice(pieceStart, i));
        return result;
      }
      depth--;
    } else if (c === COMMA && depth === 0 && i - pieceStart >= pieceSize) {
      add(text.slice(pieceStart, i));
      pieceStart = i + 1;
      yield;
    }
  }
  throw malformed();
}
