/**
 * Arrow-key movement through a list of results (the package filter). Pure; unit-tested in
 * tests/unit/keyboard.test.ts. (isTyping, for shortcuts, is exported by the navbar's search
 * button in src/theme/SearchBar, the module every page loads.)
 */

/**
 * Where an arrow key moves the focus in a list of `count` items, from `current` (-1: the input
 * above the list). ArrowDown and ArrowUp step (ArrowUp from the first item returns to the input),
 * Home and End jump within the list. null: the key is not handled here (the browser's own
 * behaviour applies, e.g. the caret moves in the input).
 */
export function moveFocus(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(current + 1, count - 1);
    case 'ArrowUp':
      return current < 0 ? null : current - 1;
    case 'Home':
      return current < 0 ? null : 0;
    case 'End':
      return current < 0 ? null : count - 1;
    default:
      return null;
  }
}
