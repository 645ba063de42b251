/**
 * Anti-aliased coverage of a glyph outline, in plain JavaScript: the signed-area accumulation
 * rasteriser (as in font-rs): every edge adds, to each pixel it crosses, the share of that pixel's
 * area it closes; a running sum along each row then gives the coverage. Curves are cut into short
 * lines first. A glyph of the cards' sizes takes some microseconds; resvg took over a millisecond
 * for each, which is most of a build's cards.
 */

/** A path command as opentype.js gives them (absolute coordinates, y down). */
export type PathCommand =
  | {type: 'M' | 'L'; x: number; y: number}
  | {type: 'Q'; x1: number; y1: number; x: number; y: number}
  | {type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number}
  | {type: 'Z'};

class Accumulator {
  readonly area: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    // One spare cell: a line ending on the right edge writes just past the last pixel of its row.
    this.area = new Float32Array(width * height + 1);
  }

  line(x0: number, y0: number, x1: number, y1: number): void {
    if (y0 === y1) return;
    const {width, height, area} = this;
    const direction = y0 < y1 ? 1 : -1;
    if (direction < 0) [x0, y0, x1, y1] = [x1, y1, x0, y0];
    const slope = (x1 - x0) / (y1 - y0);
    let x = x0 + (y0 < 0 ? -y0 * slope : 0);
    for (let y = Math.max(0, Math.floor(y0)), last = Math.min(height, Math.ceil(y1)); y < last; y++) {
      const start = y * width;
      const dy = Math.min(y + 1, y1) - Math.max(y, y0);
      const next = x + slope * dy;
      const d = dy * direction;
      const [left, right] = x < next ? [x, next] : [next, x];
      const leftFloor = Math.floor(left);
      const leftIndex = Math.max(0, leftFloor);
      const rightIndex = Math.min(width, Math.ceil(right));
      if (rightIndex <= leftIndex + 1) {
        // The edge stays within one pixel in this row.
        const middle = 0.5 * (x + next) - leftFloor;
        area[start + leftIndex] += d - d * middle;
        area[start + leftIndex + 1] += d * middle;
      } else {
        const inverse = 1 / (right - left);
        const leftFraction = left - leftFloor;
        const a0 = 0.5 * inverse * (1 - leftFraction) ** 2;
        const rightFraction = right - rightIndex + 1;
        const aEnd = 0.5 * inverse * rightFraction ** 2;
        area[start + leftIndex] += d * a0;
        if (rightIndex === leftIndex + 2) {
          area[start + leftIndex + 1] += d * (1 - a0 - aEnd);
        } else {
          const a1 = inverse * (1.5 - leftFraction);
          area[start + leftIndex + 1] += d * (a1 - a0);
          for (let i = leftIndex + 2; i < rightIndex - 1; i++) area[start + i] += d * inverse;
          const a2 = a1 + (rightIndex - leftIndex - 3) * inverse;
          area[start + rightIndex - 1] += d * (1 - a2 - aEnd);
        }
        area[start + rightIndex] += d * aEnd;
      }
      x = next;
    }
  }

  /** Coverage 0–255 per pixel (overlapping contours count once). */
  coverage(): Uint8Array {
    const out = new Uint8Array(this.width * this.height);
    let sum = 0;
    for (let i = 0; i < out.length; i++) {
      sum += this.area[i];
      out[i] = Math.min(255, Math.round(Math.abs(sum) * 255));
    }
    return out;
  }
}

/**
 * Number of line pieces for a curve whose second difference of control points is `deviation`
 * pixels: the chords then stay within about a twentieth of a pixel of the curve.
 */
function pieces(deviation: number): number {
  return Math.max(1, Math.min(64, Math.ceil(Math.sqrt(deviation * 5))));
}

/**
 * Rasterises a closed outline (non-zero fill) into a `width`×`height` coverage mask, with the
 * path's coordinates in that mask's pixels. Parts outside the mask are clipped.
 */
export function rasterize(commands: readonly PathCommand[], width: number, height: number): Uint8Array {
  const acc = new Accumulator(width, height);
  // Coordinates are kept inside the mask's columns: the accumulation needs x within [0, width].
  const cx = (x: number) => Math.min(width, Math.max(0, x));
  let startX = 0;
  let startY = 0;
  let x = 0;
  let y = 0;
  const lineTo = (nx: number, ny: number) => {
    acc.line(cx(x), y, cx(nx), ny);
    x = nx;
    y = ny;
  };
  for (const command of commands) {
    switch (command.type) {
      case 'M':
        if (x !== startX || y !== startY) lineTo(startX, startY);
        x = startX = command.x;
        y = startY = command.y;
        break;
      case 'L':
        lineTo(command.x, command.y);
        break;
      case 'Q': {
        const [x0, y0] = [x, y];
        const n = pieces(Math.hypot(x0 - 2 * command.x1 + command.x, y0 - 2 * command.y1 + command.y));
        for (let i = 1; i <= n; i++) {
          const t = i / n;
          const u = 1 - t;
          lineTo(
            u * u * x0 + 2 * u * t * command.x1 + t * t * command.x,
            u * u * y0 + 2 * u * t * command.y1 + t * t * command.y,
          );
        }
        break;
      }
      case 'C': {
        const [x0, y0] = [x, y];
        const deviation = Math.max(
          Math.hypot(x0 - 2 * command.x1 + command.x2, y0 - 2 * command.y1 + command.y2),
          Math.hypot(command.x1 - 2 * command.x2 + command.x, command.y1 - 2 * command.y2 + command.y),
        );
        const n = pieces(deviation * 2);
        for (let i = 1; i <= n; i++) {
          const t = i / n;
          const u = 1 - t;
          lineTo(
            u * u * u * x0 + 3 * u * u * t * command.x1 + 3 * u * t * t * command.x2 + t * t * t * command.x,
            u * u * u * y0 + 3 * u * u * t * command.y1 + 3 * u * t * t * command.y2 + t * t * t * command.y,
          );
        }
        break;
      }
      case 'Z':
        lineTo(startX, startY);
        break;
    }
  }
  if (x !== startX || y !== startY) lineTo(startX, startY);
  return acc.coverage();
}
