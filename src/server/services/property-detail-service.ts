import { listingFacts, pricePerAreaLabel } from '../../lib/listing-facts.ts';
import { formatPrice } from '../../lib/money.ts';
import type { ServerDeps } from '../platform/deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { AppError } from '../errors.ts';
import { hasReported } from '../repositories/engagement-repository.ts';
import { findPropertyWithOwner, isPublicListing } from '../repositories/property-repository.ts';
import { imageView } from './image-view.ts';
import { categoryIn, nameIn } from '../../lib/i18n/translated-name.ts';
import { hasPackageFeature } from './package-service.ts';
import { ownerCardView } from './listing-view.ts';
import { isFeatured, marksFor, priceSettingsOf, propertyCardView, similarCards } from './property-service.ts';
import { getPublicSettings } from './settings-service.ts';
import { countView, unwrittenViews } from './view-counter.ts';

type Deps = Pick<ServerDeps, 'db' | 'storage'>;

export const PREMIUM_ACCESS_MESSAGE = 'package.unavailable.premium_properties';

/**
 * One listing as its detail page and get_property show it. The public sees approved, active listings; the owner
 * sees their own whatever its state, with the review state and reject reason. Anyone else gets "not found", so
 * the answer never tells whether a hidden listing exists. The owner's email and mobile go to signed-in viewers
 * only. A premium listing's details (description, media beyond the photos, documents, parameters, facilities,
 * floors and exact location) go to its owner and to viewers whose package includes premium_properties; anyone else
 * gets `access: false` and the message why, as get-project-detail does with project_access.
 *
 * `countView`: count this as a view unless the owner is looking at their own (written a few seconds later with
 * others, view-counter.ts); the reply carries the count including it.
 */
export async function propertyDetail(
  deps: Deps,
  by: { id: number } | { slug: string },
  viewer: SessionUser | null,
  lang: string,
  options: { countView?: boolean } = {},
  now = new Date(),
) {
  const found = await findPropertyWithOwner(deps.db, by);
  const isOwner = found !== null && viewer !== null && found.owner.id === viewer.id;
  if (!found || (!isPublicListing(found.property) && !isOwner)) throw AppError.notFound('listing.not_found');
  const { property: row, owner, category, parameters, facilities, floors } = found;
  const { storage } = deps;

  const [access, settings, reported, similar] = await Promise.all([
    !row.isPremium || isOwner || hasPackageFeature(deps.db, viewer, 'premium_properties'),
    getPublicSettings(deps.db),
    viewer ? hasReported(deps.db, viewer.id, row.id) : Promise.resolve(false),
    similarCards(deps.db, row, now),
  ]);
  const unwritten = options.countView && !isOwner ? countView(deps.db, row.id) : unwrittenViews(deps.db, row.id);
  const marks = await marksFor(deps.db, viewer, [row.id, ...similar.map((s) => s.id)]);
  // Read from the parameters' own names: the translated ones may not say "bedrooms" in a way listingFacts knows.
  const facts = listingFacts(access ? parameters : []);
  const prices = priceSettingsOf(settings);

  return {
    id: row.id,
    slug_id: row.slug,
    title: row.title,
    access,
    access_message: access ? null : PREMIUM_ACCESS_MESSAGE,
    description: access ? row.description : '',
    property_type: row.propertyType,
    rentduration: row.propertyType === 'rent' ? row.rentDuration : null,
    price: row.priceMinor / 100,
    price_label: formatPrice(row.priceMinor, prices),
    category: category && categoryIn(lang, category),
    title_image: imageView(storage, row.titleImage),
    gallery_images: row.galleryImages.map((image) => imageView(storage, image)!),
    three_d_image: access ? imageView(storage, row.threeDImage) : null,
    video_link: access ? row.videoLink : null,
    documents: (access ? row.documents : []).map((doc) => ({
      url: storage.url(doc.key),
      name: doc.name,
      content_type: doc.contentType,
      size: doc.size,
    })),
    parameters: (access ? parameters : []).map((p) => ({
      id: p.id,
      name: nameIn(lang, p.name, p.names),
      type_of_parameter: p.typeOfParameter,
      value: p.value,
      image: imageView(storage, p.image),
    })),
    facilities: (access ? facilities : []).map((f) => ({
      id: f.id,
      name: nameIn(lang, f.name, f.names),
      distance: f.distance,
      image: imageView(storage, f.image),
    })),
    bedrooms: facts.bedrooms,
    bathrooms: facts.bathrooms,
    area: facts.area,
    price_per_area_label: pricePerAreaLabel(row, facts.area, prices),
    floors: (access ? floors : []).map((f) => ({ id: f.id, title: f.title, image: imageView(storage, f.image) })),
    location: {
      address: access ? row.address : '',
      formatted_address: access ? row.formattedAddress : '',
      city: row.city,
      state: row.state,
      country: row.country,
      latitude: access ? row.latitude : null,
      longitude: access ? row.longitude : null,
    },
    owner: ownerCardView(storage, owner, viewer),
    total_views: row.totalViews + unwritten,
    total_likes: row.totalLikes,
    is_premium: row.isPremium,
    promoted: isFeatured(row, now),
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    meta_keywords: row.metaKeywords,
    meta_image: imageView(storage, row.metaImage),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    similar: similar.map((card) => propertyCardView(storage, card, marks, lang)),
    is_favourite: marks?.favourites.has(row.id) ?? false,
    is_interested: marks?.interests.has(row.id) ?? false,
    is_reported: reported,
    is_owner: isOwner,
    is_public: isPublicListing(row),
    status: row.status,
    // The review state and the owner's private address are the owner's business.
    admin_status: isOwner ? row.adminStatus : null,
    reject_reason: isOwner ? row.rejectReason : null,
    client_address: isOwner ? row.clientAddress : null,
  };
}
export type PropertyDetail = Awaited<ReturnType<typeof propertyDetail>>;

/** get_property for one listing: its detail, counted as a view unless the owner is looking at their own. */
export function viewProperty(
  deps: Deps,
  by: { id: number } | { slug: string },
  viewer: SessionUser | null,
  lang: string,
) {
  return propertyDetail(deps, by, viewer, lang, { countView: true });
}
