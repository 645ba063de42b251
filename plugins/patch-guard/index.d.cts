export declare class PatchError extends Error {
  constructor(patch: string, file: string, problem: string);
  patch: string;
}
export declare function replaceStrict(options: {
  patch: string;
  file: string;
  source: string;
  pattern: RegExp;
  replacement: string | ((...args: string[]) => string);
  min?: number;
  max?: number;
}): string;
export declare function parseJsonStrict(patch: string, file: string, source: string): unknown;
export declare function registryPointer(patch: string): string;
