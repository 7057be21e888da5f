import type { Nested } from '../platform/form-fields.ts';
import { removalList } from '../services/listing-form.ts';
import type { OwnPropertyView } from '../services/property-view.ts';

export interface PropertyFormValues {
  values: Record<string, string>;
  parameterValues: Record<number, string | string[]>;
  facilityDistances: Record<number, string>;
  floors: { id?: number; title: string }[];
  /** The saved files ticked for removal, by field (remove_gallery_images: keys, remove_floors: ids). */
  removals: Record<string, string[]>;
}

const rows = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null && !(r instanceof File))
    : [];

/** What a re-shown form keeps after a failed post: the text typed, the Remove boxes ticked (files are chosen again). */
export function formValues(body: Nested): PropertyFormValues {
  const values = Object.fromEntries(
    Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const removals = Object.fromEntries(
    Object.entries(body)
      .filter(([name]) => name.startsWith('remove_'))
      .map(([name, value]) => [name, removalList(value)]),
  );
  const parameterValues: Record<number, string | string[]> = {};
  for (const row of rows(body['parameters'])) {
    const value = row['value'];
    if (typeof value === 'string' || Array.isArray(value))
      parameterValues[Number(row['parameter_id'])] = value as string | string[];
  }
  const facilityDistances: Record<number, string> = {};
  for (const row of rows(body['facilities']))
    if (typeof row['distance'] === 'string') facilityDistances[Number(row['facility_id'])] = row['distance'];
  const floors = rows(body['floors'])
    .map((f) => ({
      ...(f['id'] ? { id: Number(f['id']) } : {}),
      title: typeof f['title'] === 'string' ? f['title'] : '',
    }))
    .filter((f) => f.title || f.id);
  return { values, parameterValues, facilityDistances, floors, removals };
}

/** The edit form starts from the listing as saved. */
export function formValuesOf(property: OwnPropertyView): PropertyFormValues {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    values: {
      title: property.title,
      description: property.description,
      property_type: property.property_type,
      price: text(property.price),
      rentduration: text(property.rentduration),
      address: property.formatted_address || property.address,
      city: property.city,
      state: property.state,
      country: property.country,
      latitude: text(property.latitude),
      longitude: text(property.longitude),
      client_address: text(property.client_address),
      video_link: text(property.video_link),
      meta_title: text(property.meta_title),
      meta_description: text(property.meta_description),
      meta_keywords: text(property.meta_keywords),
      is_premium: property.is_premium ? '1' : '0',
    },
    parameterValues: Object.fromEntries(
      property.parameters.map((p) => [p.parameter_id, Array.isArray(p.value) ? p.value.map(String) : String(p.value)]),
    ),
    facilityDistances: Object.fromEntries(property.facilities.map((f) => [f.facility_id, String(f.distance)])),
    floors: property.floors.map((f) => ({ id: f.id, title: f.title })),
    removals: {},
  };
}
