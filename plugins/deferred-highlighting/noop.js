// Stands in for the classic theme's start-up Prism client module (see index.ts).
export {};
