/** The parts of a click that decide who handles it. */
export interface ClickFacts {
  button: number;
  defaultPrevented: boolean;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
}

/**
 * Whether a click on a link is one the app navigates itself (as the router's own links decide):
 * the main button, no modifier key (those open a tab or window, or download) and not already
 * handled by another listener. Used by the AI answer's links and the search results' links
 * (src/components/ResultLink).
 */
export function isPlainLeftClick(click: ClickFacts): boolean {
  return (
    !click.defaultPrevented && click.button === 0 && !(click.metaKey || click.altKey || click.ctrlKey || click.shiftKey)
  );
}
