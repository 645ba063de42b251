// Stands in for modules a bundle leaves out (see ../index.ts).
export {};
