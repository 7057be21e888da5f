import { formatPrice } from '../../lib/money.ts';
import type { ServerDeps } from '../platform/deps.ts';
import {
  listFloors,
  listPropertyFacilities,
  listPropertyParameters,
  type PropertyRow,
} from '../repositories/property-write-repository.ts';
import { imageView, ownImageView } from './image-view.ts';
import { ownBasicsView } from './listing-view.ts';
import { isFeatured, priceSettingsOf } from './property-service.ts';
import { getPublicSettings } from './settings-service.ts';

/**
 * A listing as its owner sees it: every field in the spec's names, media as URLs (gallery photos and documents
 * with the keys an edit names to remove them), the price as the site shows it, review state included.
 */
export async function ownPropertyView(deps: Pick<ServerDeps, 'db' | 'storage'>, row: PropertyRow, now = new Date()) {
  const [parameters, facilities, floors, settings] = await Promise.all([
    listPropertyParameters(deps.db, row.id),
    listPropertyFacilities(deps.db, row.id),
    listFloors(deps.db, row.id),
    getPublicSettings(deps.db),
  ]);
  const { storage } = deps;
  return {
    ...ownBasicsView(row),
    property_type: row.propertyType,
    price: row.priceMinor / 100,
    price_label: formatPrice(row.priceMinor, priceSettingsOf(settings)),
    rentduration: row.rentDuration,
    address: row.address,
    formatted_address: row.formattedAddress,
    client_address: row.clientAddress,
    city: row.city,
    state: row.state,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    title_image: imageView(storage, row.titleImage),
    three_d_image: imageView(storage, row.threeDImage),
    gallery_images: row.galleryImages.map((img) => ownImageView(storage, img)),
    documents: row.documents.map((doc) => ({
      key: doc.key,
      url: storage.url(doc.key),
      name: doc.name,
      content_type: doc.contentType,
      size: doc.size,
    })),
    video_link: row.videoLink,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    meta_keywords: row.metaKeywords,
    meta_image: imageView(storage, row.metaImage),
    is_premium: row.isPremium,
    promoted: isFeatured(row, now),
    status: row.status,
    admin_status: row.adminStatus,
    reject_reason: row.rejectReason,
    parameters: parameters.map((p) => ({ parameter_id: p.parameterId, value: p.value })),
    facilities: facilities.map((f) => ({ facility_id: f.facilityId, distance: f.distance })),
    floors: floors.map((f) => ({ id: f.id, title: f.title, image: imageView(storage, f.image) })),
    total_views: row.totalViews,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
export type OwnPropertyView = Awaited<ReturnType<typeof ownPropertyView>>;
