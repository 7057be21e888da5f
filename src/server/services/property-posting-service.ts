import { z } from 'zod';
import { dropEmptyParameters } from '../../lib/validation/form-data.ts';
import {
  propertyFieldsSchema,
  propertyInputSchema,
  propertyTypeSchema,
  rentDurationSchema,
} from '../../lib/validation/property.ts';
import { toMinor } from '../../lib/money.ts';
import type { ServerDeps } from '../platform/deps.ts';
import type { Nested } from '../platform/form-fields.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database, Executor } from '../db/client.ts';
import type { DocumentRecord, ImageRecord } from '../db/schema/media-types.ts';
import { AppError, fieldErrorsFromZod, type FieldErrors } from '../errors.ts';
import { nameSent, parseSent, renameFields, type SentNames } from '../field-names.ts';
import { deleteMedia, MEDIA_LIMITS } from '../media/listing-media.ts';
import { listParametersOfCategories } from '../repositories/catalog-repository.ts';
import { listInterestedUsers } from '../repositories/interest-repository.ts';
import { imageView } from './image-view.ts';
import * as repo from '../repositories/property-write-repository.ts';
import { initialAdminStatus } from './admin-moderation-service.ts';
import { assertCanAddListing } from './listing-gate-service.ts';
import { editedListingPoint, listingPoint } from './geocode-service.ts';
import {
  asFile,
  claimListingSlug,
  clearedFields,
  editedValues,
  formText,
  mediaRemovalFields,
  metaPatch,
  optionalText,
  readTitledFiles,
  removalField,
  removedIds,
  saveUnderFreeSlug,
} from './listing-form.ts';
import {
  deleteListingMedia,
  editedImage,
  editedListingFiles,
  MediaBatch,
  newListingFiles,
} from './listing-media-batch.ts';
import { spendPackageFeature } from './package-service.ts';
import { ownPropertyView } from './property-view.ts';

type Deps = Pick<ServerDeps, 'db' | 'storage'>;
type ParameterValue = string | number | boolean | string[];

/** Form text only (files are taken apart): what the zod schema reads. */
function textFields(body: Nested): Record<string, unknown> {
  return formText(body, (fields) => {
    // The spec names the formatted address `address` in the post call; take it when no formatted_address comes.
    if (fields['formatted_address'] === undefined && typeof fields['address'] === 'string')
      fields['formatted_address'] = fields['address'];
    // Empty optional fields are left out (spec section 5): '' means "not given", and so does a facility without a
    // distance (a form shows every facility; only the filled ones count). Empty parameters are skipped later, in
    // place, so error messages keep the index of the field they belong to.
    if (Array.isArray(fields['facilities']))
      fields['facilities'] = (fields['facilities'] as { distance?: unknown }[]).filter(
        (f) => f && f.distance !== undefined && f.distance !== '',
      );
  });
}

/** The formatted address is read from `formatted_address`, else `address` (the spec's name, the site's forms'). */
const addressName = (body: Nested): SentNames => ({
  formatted_address: nameSent(body, ['formatted_address', 'address'], 'address'),
});

/**
 * Checks each parameter against its category: it must belong, have the right type, and required ones be there.
 * `kept` are saved values an edit did not send (docs/decisions/034): they stay, unless the same parameter was sent
 * (a value, or empty to clear it), and count towards the required ones.
 */
async function checkParameters(
  db: Database,
  categoryId: number,
  inputs: { parameter_id: number; value?: ParameterValue | undefined }[],
  kept: { parameterId: number; value: ParameterValue }[] = [],
) {
  const definitions = await listParametersOfCategories(db, [categoryId]);
  const byId = new Map(definitions.map((d) => [d.id, d]));
  const errors: FieldErrors = {};
  const sent = new Set(inputs.map((input) => input.parameter_id));
  const values: { parameterId: number; value: ParameterValue }[] = kept.filter((k) => !sent.has(k.parameterId));
  const filled = new Set(dropEmptyParameters(inputs));
  inputs.forEach((input, index) => {
    if (!filled.has(input) || input.value === undefined) return;
    const definition = byId.get(input.parameter_id);
    const at = `parameters.${index}.value`;
    if (!definition) return void (errors[`parameters.${index}.parameter_id`] = ['validation.parameter_unknown']);
    const options = definition.typeValues;
    const raw = input.value;
    switch (definition.typeOfParameter) {
      case 'number': {
        const number = typeof raw === 'number' ? raw : Number(String(raw).trim());
        if (!Number.isFinite(number) || Array.isArray(raw)) return void (errors[at] = ['validation.parameter_number']);
        return void values.push({ parameterId: definition.id, value: number });
      }
      case 'dropdown':
      case 'radiobutton':
        if (typeof raw !== 'string' || !options.includes(raw))
          return void (errors[at] = ['validation.parameter_value']);
        return void values.push({ parameterId: definition.id, value: raw });
      case 'checkbox': {
        const list = Array.isArray(raw)
          ? raw
          : String(raw)
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean);
        if (list.some((item) => !options.includes(item))) return void (errors[at] = ['validation.parameter_value']);
        return void values.push({ parameterId: definition.id, value: [...new Set(list)] });
      }
      default:
        if (Array.isArray(raw) || String(raw).length > 1000) return void (errors[at] = ['validation.parameter_value']);
        return void values.push({ parameterId: definition.id, value: String(raw).trim() });
    }
  });
  const given = new Set(values.map((v) => v.parameterId));
  for (const definition of definitions) {
    if (definition.isRequired && !given.has(definition.id) && !Object.keys(errors).length)
      errors['parameters'] = ['validation.parameter_required'];
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
  return values;
}

async function checkFacilities(db: Database, inputs: { facility_id: number; distance: number }[]) {
  const known = await repo.existingFacilityIds(
    db,
    inputs.map((f) => f.facility_id),
  );
  const errors: FieldErrors = {};
  inputs.forEach((f, i) => {
    if (!known.has(f.facility_id)) errors[`facilities.${i}.facility_id`] = ['validation.facility_unknown'];
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);
  // One distance per facility: a repeated id keeps its last value.
  return [...new Map(inputs.map((f) => [f.facility_id, { facilityId: f.facility_id, distance: f.distance }])).values()];
}

function claimSlug(db: Database, wanted: string, exceptId: number | null): Promise<string> {
  return claimListingSlug(wanted, 'property', (candidate) => repo.propertySlugTaken(db, candidate, exceptId));
}

/** Floors: every floor needs a title and an image (the form adds the next only when the current is filled). */
async function readFloors(
  body: Nested,
  media: MediaBatch,
  keep: Map<number, ImageRecord | null> = new Map(),
  removed: ReadonlySet<number> = new Set(),
) {
  const rows = await readTitledFiles(
    body['floors'],
    { field: 'floors', fileKey: 'image', max: MEDIA_LIMITS.floorsMax, incomplete: 'validation.floor_incomplete' },
    (file, field) => media.image(file, field),
    keep,
    removed,
  );
  return rows.map((row): { title: string; image: ImageRecord | null; sortOrder: number } => ({
    title: row.title,
    image: row.file,
    sortOrder: row.index,
  }));
}

/**
 * post_property: the gates of spec sections 5-6, every field checked (parameters against their category), media
 * checked by content and re-encoded, a unique slug, all rows and the package unit in one transaction. New
 * listings wait for review.
 */
export async function postProperty(deps: Deps, actor: SessionUser, body: Nested) {
  await assertCanAddListing(deps.db, actor);
  const input = parseSent(propertyInputSchema, textFields(body), addressName(body));
  if (!(await repo.findActiveCategory(deps.db, input.category_id)))
    throw AppError.validation({ category_id: ['validation.category_unknown'] });
  const point = await listingPoint(deps.db, input);
  const [parameterValues, facilityValues] = await Promise.all([
    checkParameters(deps.db, input.category_id, input.parameters),
    checkFacilities(deps.db, input.facilities),
  ]);
  const titleFile = asFile(body['title_image']);
  if (!titleFile) throw AppError.validation({ title_image: ['validation.title_image_required'] });
  const files = newListingFiles(body);

  const media = new MediaBatch(deps, `properties/u${actor.id}`);
  try {
    const titleImage = await media.image(titleFile, 'title_image');
    const gallery = await media.images(files.gallery, 'gallery_images');
    const documents = await media.documents(files.documents, 'documents');
    const threeD = asFile(body['three_d_image']);
    const metaImageFile = asFile(body['meta_image']);
    const threeDImage = threeD ? await media.image(threeD, 'three_d_image') : null;
    const metaImage = metaImageFile ? await media.image(metaImageFile, 'meta_image') : null;
    const floors = await readFloors(body, media);
    const claim = () => claimSlug(deps.db, input.slug_id || input.title, null);

    const property = await saveUnderFreeSlug(claim, (slug) =>
      deps.db.transaction(async (tx) => {
        await spendPackageFeature(tx, actor, 'property_list');
        const row = await repo.insertProperty(tx, {
          ownerId: actor.id,
          categoryId: input.category_id,
          title: input.title,
          slug,
          description: input.description,
          propertyType: input.property_type,
          priceMinor: toMinor(input.price),
          rentDuration: input.property_type === 'rent' ? (input.rentduration ?? null) : null,
          address: input.address ?? input.formatted_address,
          formattedAddress: input.formatted_address,
          clientAddress: input.client_address ?? null,
          city: input.city,
          state: input.state,
          country: input.country,
          latitude: point.latitude,
          longitude: point.longitude,
          titleImage,
          threeDImage,
          galleryImages: gallery,
          documents,
          videoLink: input.video_link ?? null,
          metaTitle: input.meta_title ?? null,
          metaDescription: input.meta_description || null,
          metaKeywords: input.meta_keywords ?? null,
          metaImage,
          isPremium: input.is_premium,
          ...(await initialAdminStatus(tx, actor)),
          status: 'active',
        });
        await repo.replaceParameters(tx, row.id, parameterValues);
        await repo.replaceFacilities(tx, row.id, facilityValues);
        await repo.replaceFloors(tx, row.id, floors);
        return row;
      }),
    );
    return ownPropertyView(deps, property);
  } catch (error) {
    await media.discard();
    throw error;
  }
}

const ownedIdField = z.coerce.number({ error: 'validation.required' }).int().positive();
const ownedId = (body: Nested, field = 'id') => ownedIdField.parse(body[field]);

/** delete_property's body. */
export const deletePropertySchema = z.object({ id: ownedIdField });

/** update_post_property's fields besides the listing's own (any of them, as propertyFieldsSchema.partial()). */
export const propertyEditSchema = z
  .object({
    id: ownedIdField,
    action_type: z.enum(['0', '1']).optional().describe('1 deletes the listing'),
    ...mediaRemovalFields,
    remove_three_d_image: z.enum(['0', '1']).optional().describe('1 takes the 3D image away'),
    remove_floors: removalField('Floor plans to take away, by id'),
  })
  .and(propertyFieldsSchema.partial());

async function ownedProperty(deps: Deps, actor: SessionUser, id: number) {
  const property = await repo.findOwnedProperty(deps.db, id, actor.id);
  if (!property) throw AppError.notFound('errors.property_not_found');
  return property;
}

/**
 * A listing switched between sale and rent needs its price given again: a sale price is no rent (350000 would show
 * as "$350K / month"). An unchanged price counts as not given, since an edit form sends back the one it showed.
 */
function assertPriceForType(
  current: Pick<repo.PropertyRow, 'propertyType' | 'priceMinor'>,
  type: 'sell' | 'rent' | undefined,
  price: number | undefined,
) {
  if (type === undefined || type === current.propertyType) return;
  if (price === undefined || toMinor(price) === current.priceMinor)
    throw AppError.validation({ price: [type === 'rent' ? 'validation.price_for_rent' : 'validation.price_for_sale'] });
}

/**
 * update_post_property: the owner's own listing only. A field left out stays as it is; a text field sent empty is
 * cleared, or refused with its message when the listing needs it (docs/decisions/034): an edit form sends every
 * field it shows. Cleared coordinates become the place's centre; an empty slug_id keeps the slug. Parameters and
 * facilities are changed one by one: those sent replace their saved value (sent empty, they are removed), the
 * others stay. Files are added; remove_gallery_images / remove_documents (indexes or keys), remove_three_d_image,
 * remove_meta_image and remove_floors (floor ids) take media away. A switch between sale and rent needs a new
 * price. An edit goes back to review. action_type 1 deletes (the spec's older clients).
 */
export async function updateProperty(deps: Deps, actor: SessionUser, body: Nested) {
  const id = ownedId(body);
  const current = await ownedProperty(deps, actor, id);
  if (String(body['action_type'] ?? '0') === '1') {
    await deleteProperty(deps, actor, { id: String(id) });
    return null;
  }
  const cleared = clearedFields(body);
  // The forms name the formatted address `address`: clearing it clears the address the listing needs.
  if (cleared.has('address') && body['formatted_address'] === undefined) cleared.add('formatted_address');
  const names = addressName(body);
  const partial = parseSent(propertyFieldsSchema.partial(), textFields(body), names);
  assertPriceForType(current, partial.property_type, partial.price);
  const saved: Record<string, unknown> = {
    title: current.title,
    description: current.description,
    category_id: current.categoryId,
    property_type: current.propertyType,
    price: current.priceMinor / 100,
    rentduration: current.rentDuration ?? undefined,
    city: current.city,
    state: current.state,
    country: current.country,
    formatted_address: current.formattedAddress || current.address,
    latitude: current.latitude ?? undefined,
    longitude: current.longitude ?? undefined,
  };
  const merged = parseSent(propertyInputSchema, editedValues(saved, partial, cleared), names);
  const categoryChanged = merged.category_id !== current.categoryId;
  if (categoryChanged && !(await repo.findActiveCategory(deps.db, merged.category_id)))
    throw AppError.validation({ category_id: ['validation.category_unknown'] });
  const point = await editedListingPoint(deps.db, current, merged);
  const parameterValues =
    body['parameters'] !== undefined || categoryChanged
      ? await checkParameters(
          deps.db,
          merged.category_id,
          merged.parameters,
          await keptParameters(deps.db, id, categoryChanged ? merged.category_id : null),
        )
      : null;
  const facilityValues =
    body['facilities'] !== undefined ? await editedFacilities(deps.db, id, body, merged.facilities) : null;

  const media = new MediaBatch(deps, `properties/u${actor.id}`);
  const dropped: (ImageRecord | DocumentRecord | null)[] = [];
  try {
    const { gallery, documents, dropped: removed } = await editedListingFiles(media, body, current);
    dropped.push(...removed);

    const patch: Partial<repo.NewProperty> = {
      title: merged.title,
      description: merged.description,
      categoryId: merged.category_id,
      propertyType: merged.property_type,
      priceMinor: toMinor(merged.price),
      rentDuration: merged.property_type === 'rent' ? (merged.rentduration ?? null) : null,
      city: merged.city,
      state: merged.state,
      country: merged.country,
      formattedAddress: merged.formatted_address,
      latitude: point.latitude,
      longitude: point.longitude,
      galleryImages: gallery,
      documents,
      adminStatus: 'pending',
      rejectReason: null,
    };
    // The street address falls back to the formatted one, as when posting.
    if (partial.address !== undefined) patch.address = partial.address;
    else if (cleared.has('address')) patch.address = merged.formatted_address;
    const clientAddress = optionalText(partial.client_address, 'client_address', cleared);
    if (clientAddress !== undefined) patch.clientAddress = clientAddress;
    const videoLink = optionalText(partial.video_link, 'video_link', cleared);
    if (videoLink !== undefined) patch.videoLink = videoLink;
    Object.assign(patch, metaPatch(partial, cleared));
    // The flag's schema defaults to false: only a flag sent changes it (an empty one is off).
    if (body['is_premium'] !== undefined) patch.isPremium = partial.is_premium ?? false;
    if (partial.slug_id) patch.slug = await claimSlug(deps.db, partial.slug_id, id);

    const titleFile = asFile(body['title_image']);
    if (titleFile) {
      patch.titleImage = await media.image(titleFile, 'title_image');
      dropped.push(current.titleImage);
    }
    const threeDImage = await editedImage(body, media, 'three_d_image', current.threeDImage, dropped);
    if (threeDImage !== undefined) patch.threeDImage = threeDImage;
    // Without a share image, the title image is shared instead.
    const metaImage = await editedImage(body, media, 'meta_image', current.metaImage, dropped);
    if (metaImage !== undefined) patch.metaImage = metaImage;
    const currentFloors = await repo.listFloors(deps.db, id);
    const removeFloors = removedIds(body['remove_floors']);
    const keptFloors = currentFloors.filter((f) => !removeFloors.has(f.id));
    // Floors sent replace the saved ones; remove_floors alone takes the named ones away and keeps the rest.
    const floors =
      body['floors'] !== undefined
        ? await readFloors(body, media, new Map(keptFloors.map((f) => [f.id, f.image])), removeFloors)
        : keptFloors.length < currentFloors.length
          ? keptFloors.map((f) => ({ title: f.title, image: f.image, sortOrder: f.sortOrder }))
          : null;

    const updated = await deps.db.transaction(async (tx) => {
      const row = await repo.updatePropertyRow(tx, id, patch);
      if (parameterValues) await repo.replaceParameters(tx, id, parameterValues);
      if (facilityValues) await repo.replaceFacilities(tx, id, facilityValues);
      if (floors) await repo.replaceFloors(tx, id, floors);
      return row;
    });
    if (floors)
      dropped.push(
        ...currentFloors.map((f) => f.image).filter((img) => img && !floors.some((f) => f.image?.key === img.key)),
      );
    await Promise.all(dropped.map((m) => deleteMedia(deps.storage, m)));
    return ownPropertyView(deps, updated);
  } catch (error) {
    await media.discard();
    throw error;
  }
}

/**
 * The saved parameter values an edit may keep. With a new category (`categoryId`), only those of its parameters:
 * the old category's details do not describe the new kind of listing.
 */
async function keptParameters(db: Database, propertyId: number, categoryId: number | null) {
  const saved = await repo.listPropertyParameters(db, propertyId);
  const allowed = categoryId ? new Set((await listParametersOfCategories(db, [categoryId])).map((d) => d.id)) : null;
  return saved
    .filter((p) => !allowed || allowed.has(p.parameterId))
    .map((p) => ({ parameterId: p.parameterId, value: p.value as ParameterValue }));
}

/**
 * An edit's facilities: those sent with a distance replace their saved one, those sent without (a form's emptied
 * field) are removed, and the others stay.
 */
async function editedFacilities(
  db: Database,
  propertyId: number,
  body: Nested,
  sent: { facility_id: number; distance: number }[],
) {
  const rows = Array.isArray(body['facilities']) ? body['facilities'] : [];
  const named = new Set(
    rows.flatMap((row) =>
      typeof row === 'object' && !(row instanceof File) && !Array.isArray(row) ? [Number(row['facility_id'])] : [],
    ),
  );
  const checked = await checkFacilities(db, sent);
  const saved = await repo.listPropertyFacilities(db, propertyId);
  const kept = saved
    .filter((f) => !named.has(f.facilityId))
    .map((f) => ({ facilityId: f.facilityId, distance: f.distance }));
  return [...kept, ...checked];
}

/** update_property_status's and change-property-status's body. */
export const propertyStatusSchema = z.object({
  property_id: z.coerce.number().int().positive(),
  status: z.enum(['active', 'inactive', 'sold', 'rented'], { error: 'validation.property_status' }),
  property_type: propertyTypeSchema.optional(),
  rentduration: rentDurationSchema.optional(),
  price: propertyFieldsSchema.shape.price.optional(),
});

/**
 * update_property_status / change-property-status: the owner marks a sale sold or a rental rented, makes a rental
 * available again, hides or shows it, or switches it between sale and rent with the new price. The price changes
 * here only with such a switch; otherwise through an edit, which goes back to review.
 */
export async function changePropertyStatus(deps: Deps, actor: SessionUser, body: Nested) {
  const input = propertyStatusSchema.parse(textFields(body));
  const current = await ownedProperty(deps, actor, input.property_id);
  const type = input.property_type ?? current.propertyType;
  assertPriceForType(current, type, input.price);
  if (input.price !== undefined && type === current.propertyType)
    throw AppError.validation({ price: ['validation.price_needs_switch'] });
  if (input.status === 'sold' && type !== 'sell') throw AppError.validation({ status: ['validation.sold_needs_sale'] });
  if (input.status === 'rented' && type !== 'rent')
    throw AppError.validation({ status: ['validation.rented_needs_rent'] });
  const rentDuration = type === 'rent' ? (input.rentduration ?? current.rentDuration) : null;
  if (type === 'rent' && !rentDuration) throw AppError.validation({ rentduration: ['validation.rent_duration'] });
  const updated = await repo.updatePropertyRow(deps.db, current.id, {
    status: input.status,
    propertyType: type,
    rentDuration,
    ...(input.price !== undefined ? { priceMinor: toMinor(input.price) } : {}),
  });
  return ownPropertyView(deps, updated);
}

/** delete_property: the owner's own listing, its rows (cascade) and its files. */
export async function deleteProperty(deps: Deps, actor: SessionUser, body: Nested) {
  const current = await ownedProperty(deps, actor, ownedId(body));
  const floors = await repo.listFloors(deps.db, current.id);
  await repo.deletePropertyRow(deps.db, current.id);
  await deleteListingMedia(deps, [...propertyMedia(current), ...floors.map((f) => f.image)]);
}

type PropertyMediaColumns = Pick<
  repo.PropertyRow,
  'titleImage' | 'threeDImage' | 'metaImage' | 'galleryImages' | 'documents'
>;

/** The files a listing row points at (its floors' plans are rows of their own). */
const propertyMedia = (row: PropertyMediaColumns) => [
  row.titleImage,
  row.threeDImage,
  row.metaImage,
  ...row.galleryImages,
  ...row.documents,
];

/** Every file of an owner's listings, read before their account (and with it the rows) is deleted. */
export async function ownerPropertyMedia(db: Executor, ownerId: number) {
  const { listings, floors } = await repo.listOwnerPropertyMedia(db, ownerId);
  return [...listings.flatMap(propertyMedia), ...floors.map((f) => f.image)];
}

/** get-added-properties: the owner's listings, newest first; one by slug_id, or only the featured ones (promoted). */
export async function listMyProperties(
  deps: Deps,
  actor: SessionUser,
  page: { offset: number; limit: number; slug?: string | undefined; promoted?: boolean | undefined },
  now = new Date(),
) {
  const { rows, total } = await repo.listOwnedPropertyRows(deps.db, actor.id, {
    ...page,
    featuredAt: page.promoted ? now : undefined,
  });
  return {
    total,
    offset: page.offset,
    limit: page.limit,
    items: await Promise.all(rows.map((row) => ownPropertyView(deps, row, now))),
  };
}

/** One of the owner's listings by id or slug, as the owner sees it; someone else's is not found. */
export async function getOwnProperty(deps: Deps, actor: SessionUser, by: { id: number } | { slug: string }) {
  const row =
    'id' in by
      ? await repo.findOwnedProperty(deps.db, by.id, actor.id)
      : await repo.findOwnedPropertyBySlug(deps.db, by.slug, actor.id);
  if (!row) throw AppError.notFound('errors.property_not_found');
  return ownPropertyView(deps, row);
}

/** get_interested_users: only the property's owner sees who is interested. */
export async function interestedInMyProperty(
  deps: Deps,
  actor: SessionUser,
  by: { id: number } | { slug: string },
  page: { offset: number; limit: number },
) {
  const property = await getOwnProperty(deps, actor, by);
  const { rows, total } = await listInterestedUsers(deps.db, property.id, page);
  return {
    total,
    ...page,
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      mobile: r.mobile,
      profile: imageView(deps.storage, r.profileImage),
      created_at: r.at.toISOString(),
    })),
  };
}

/** The dashboard's summary of the owner's listings. */
export function ownerDashboard(deps: Deps, actor: SessionUser) {
  return repo.ownerListingStats(deps.db, actor.id);
}

/**
 * Checks a property form's text without saving it, for the form's step-by-step messages: the browser asks the
 * server instead of carrying the schemas (and zod) in its bundle, so both always agree.
 */
export function checkPropertyFields(body: Nested): FieldErrors {
  const result = propertyInputSchema.safeParse(textFields(body));
  if (result.success) return {};
  return renameFields(fieldErrorsFromZod(result.error), addressName(body));
}
