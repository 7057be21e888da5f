/**
 * Where the location picker opens on a form without a point yet, and whose place that is: worked out on the server
 * (src/server/services/picker-start-service.ts), shown by the island (src/islands/map/LocationPicker.tsx).
 */
export interface PickerStart {
  latitude: number;
  longitude: number;
  zoom: number;
  /** `user`: the owner's stored location (their profile); `site`: the site's default city. */
  source: 'user' | 'site';
}
