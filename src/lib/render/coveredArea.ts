/** A box in viewport pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The IntersectionObserver `rootMargin` that shrinks the viewport to `box`: an element then
 * intersects the root exactly while some part of it lies under the box (e.g. a fixed button).
 * Negative margins, in CSS order (top, right, bottom, left).
 */
export function rootMarginFor(box: Box, viewport: {width: number; height: number}): string {
  const top = box.y;
  const right = viewport.width - (box.x + box.width);
  const bottom = viewport.height - (box.y + box.height);
  const left = box.x;
  return [top, right, bottom, left].map((side) => `${-Math.max(0, Math.round(side))}px`).join(' ');
}
