import type { PickerStart } from '../../lib/picker-start.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Executor } from '../db/client.ts';
import { listCitiesWithCounts } from '../repositories/catalog-repository.ts';
import { findUserById } from '../repositories/user-repository.ts';

/** A street-level view of the owner's own place; a whole city for the site's. */
const USER_ZOOM = 13;
const CITY_ZOOM = 11;

/**
 * The owner's stored location (the profile's point) first, else the site's default city: the busiest of the
 * cities the admin keeps, with a point on the map. Null on a site without any, where the picker shows the world.
 */
export async function pickerStart(db: Executor, actor: SessionUser | null): Promise<PickerStart | null> {
  const user = actor ? await findUserById(db, actor.id) : null;
  if (user?.latitude != null && user.longitude != null)
    return { latitude: user.latitude, longitude: user.longitude, zoom: USER_ZOOM, source: 'user' };
  const city = (await listCitiesWithCounts(db)).find((c) => c.latitude !== null && c.longitude !== null);
  return city ? { latitude: city.latitude!, longitude: city.longitude!, zoom: CITY_ZOOM, source: 'site' } : null;
}
