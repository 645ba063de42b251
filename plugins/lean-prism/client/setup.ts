// Prism reads these flags when its core loads: never highlight the page by itself (React renders
// the code blocks) and never listen for worker messages.
(globalThis as {Prism?: unknown}).Prism = {manual: true, disableWorkerMessageHandler: true};
export {};
