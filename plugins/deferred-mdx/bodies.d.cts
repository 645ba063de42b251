/** Compiled pages of this build, by file, whose body has not been requested yet. */
export declare function pendingBodies(): Map<string, string>;
export declare function resetPendingBodies(): void;
