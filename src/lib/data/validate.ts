/**
 * The error every live source's failure becomes (its message is what the page shows), and the
 * checks that remote data has the shape a parser expects. Apart from the fetch helpers
 * (./fetchData.ts) so that a page's views can tell a DataError without loading them.
 */

export class DataError extends Error {
  /** The HTTP status, when the server answered with an error status. */
  readonly status?: number;

  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
    this.name = 'DataError';
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The value a remote object holds under a remote key, only when the object holds that key itself:
 * `record[key]` would also answer for names every object inherits (`constructor`, `toString`,
 * `__proto__`…), which are real package and feedstock names. Every lookup keyed by a name taken
 * from remote data goes through this, a Map, or an object without a prototype.
 */
export function ownValue(record: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export function expectRecord(value: unknown, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw new DataError(`Unexpected data: ${what} is not an object.`);
  return value;
}

export function expectNumber(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new DataError(`Unexpected data: ${what} is not a number.`);
  }
  return value;
}

export function expectStringArray(value: unknown, what: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new DataError(`Unexpected data: ${what} is not a list of names.`);
  }
  return value;
}
