import { useRef, useState, type PointerEvent } from 'react';

interface Point {
  x: number;
  y: number;
}

interface Props {
  /** A tap or click (little movement), at a pixel of the map's box. */
  onTap: (x: number, y: number) => void;
  /** A finger or mouse drawn around an area: its outline in pixels of the map's box, at least three points. */
  onStroke: (points: Point[]) => void;
}

/** Movement under this (pixels) is a tap, not a stroke. */
const TAP_SLOP = 8;
/** Points closer than this to the last kept one are dropped while drawing. */
const STEP = 6;
/** An area takes at most AREA_MAX_POINTS corners (geo.ts); a long stroke is thinned to this many. */
const MAX_CORNERS = 60;

/**
 * The layer over the map while an area is drawn. Pointer events serve mouse, pen and finger alike; touch-action:
 * none keeps a finger from scrolling the page or panning the map, so the stroke draws instead. A second finger is
 * left out. Keyboard users draw with the toolbar's buttons (the map's centre as a corner), so the layer is hidden
 * from assistive technology.
 */
export function DrawLayer({ onTap, onStroke }: Props) {
  const stroke = useRef<{ pointer: number; points: Point[] } | null>(null);
  const [outline, setOutline] = useState('');

  const at = (event: PointerEvent<HTMLDivElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.isPrimary || event.button > 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    stroke.current = { pointer: event.pointerId, points: [at(event)] };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = stroke.current;
    if (!current || current.pointer !== event.pointerId) return;
    const point = at(event);
    const last = current.points.at(-1)!;
    if (Math.hypot(point.x - last.x, point.y - last.y) < STEP) return;
    current.points.push(point);
    setOutline(current.points.map((p) => `${p.x},${p.y}`).join(' '));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = stroke.current;
    if (!current || current.pointer !== event.pointerId) return;
    stroke.current = null;
    setOutline('');
    const { points } = current;
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    const wide = Math.max(...xs) - Math.min(...xs) >= TAP_SLOP * 2;
    const tall = Math.max(...ys) - Math.min(...ys) >= TAP_SLOP * 2;
    if (points.length >= 3 && wide && tall) onStroke(thin(points, MAX_CORNERS));
    else if (!wide && !tall) onTap(points[0]!.x, points[0]!.y);
  };
  const onPointerCancel = () => {
    stroke.current = null;
    setOutline('');
  };

  return (
    <div
      className="map-draw-layer"
      aria-hidden="true"
      data-testid="map-draw-layer"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    >
      {outline && (
        <svg className="map-draw-layer__stroke">
          <polyline points={outline} />
        </svg>
      )}
    </div>
  );
}

/** At most `max` points, evenly picked along the stroke (its first one kept). */
function thin(points: Point[], max: number): Point[] {
  if (points.length <= max) return points;
  const step = points.length / max;
  return Array.from({ length: max }, (_, i) => points[Math.floor(i * step)]!);
}
