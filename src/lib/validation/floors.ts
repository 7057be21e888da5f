/** Floor plans of a listing: a title and an image each. */
export interface FloorDraft {
  title?: string | null;
  image?: unknown;
}

const floorFilled = (floor: FloorDraft) =>
  typeof floor.title === 'string' && floor.title.trim() !== '' && floor.image !== null && floor.image !== undefined;

/** "The current floor must be filled before another is added": true when there is none or the last is complete. */
export function canAddFloor(floors: readonly FloorDraft[]): boolean {
  const last = floors.at(-1);
  return last === undefined || floorFilled(last);
}
