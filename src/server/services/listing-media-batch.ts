import type { ServerDeps } from '../platform/deps.ts';
import type { Nested } from '../platform/form-fields.ts';
import type { DocumentRecord, ImageRecord } from '../db/schema/media-types.ts';
import { AppError } from '../errors.ts';
import { deleteMedia, MEDIA_LIMITS, storeDocument, storeListingImage } from '../media/listing-media.ts';
import { asFile, asFiles, isTicked, removalList, removes } from './listing-form.ts';

type Media = ImageRecord | DocumentRecord;

/** Files written for a request, removed again when the request fails, so nothing is left orphaned. */
export class MediaBatch {
  private readonly stored: Media[] = [];
  /** `documentPrefix`: where documents go when not beside the images (project documents are private). */
  constructor(
    private readonly deps: Pick<ServerDeps, 'storage'>,
    private readonly prefix: string,
    private readonly documentPrefix = prefix,
  ) {}
  async image(file: File, field: string) {
    const record = await storeListingImage(this.deps.storage, file, field, `${this.prefix}/img`);
    this.stored.push(record);
    return record;
  }
  async document(file: File, field: string) {
    const record = await storeDocument(this.deps.storage, file, field, `${this.documentPrefix}/doc`);
    this.stored.push(record);
    return record;
  }
  /** Several photos of one list field (`gallery_images.0`, `gallery_images.1`, ...), one at a time. */
  async images(files: File[], field: string): Promise<ImageRecord[]> {
    const records: ImageRecord[] = [];
    for (const [i, file] of files.entries()) records.push(await this.image(file, `${field}.${i}`));
    return records;
  }
  async documents(files: File[], field: string): Promise<DocumentRecord[]> {
    const records: DocumentRecord[] = [];
    for (const [i, file] of files.entries()) records.push(await this.document(file, `${field}.${i}`));
    return records;
  }
  async discard() {
    await Promise.all(this.stored.map((m) => deleteMedia(this.deps.storage, m)));
  }
  /** Runs the save; if it fails, the files written for it are removed before the error goes on. */
  async run<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      await this.discard();
      throw error;
    }
  }
}

function assertFileCounts(gallery: number, documents: number) {
  if (gallery > MEDIA_LIMITS.galleryMax) throw AppError.validation({ gallery_images: ['validation.too_many_files'] });
  if (documents > MEDIA_LIMITS.documentsMax) throw AppError.validation({ documents: ['validation.too_many_files'] });
}

/** A new listing's gallery photos and documents (`gallery_images[]`, `documents[]`), within a listing's limits. */
export function newListingFiles(body: Nested) {
  const gallery = asFiles(body['gallery_images']);
  const documents = asFiles(body['documents']);
  assertFileCounts(gallery.length, documents.length);
  return { gallery, documents };
}

/**
 * An edit's gallery and documents: the saved ones without those named in remove_gallery_images / remove_documents
 * (by index or key), then the new uploads stored. `dropped` are the removed files, to delete once the row is saved.
 */
export async function editedListingFiles(
  media: MediaBatch,
  body: Nested,
  current: { galleryImages: ImageRecord[]; documents: DocumentRecord[] },
) {
  const removeGallery = removalList(body['remove_gallery_images']);
  const removeDocuments = removalList(body['remove_documents']);
  const gallery = current.galleryImages.filter((img, i) => !removes(removeGallery, i, img.key));
  const documents = current.documents.filter((doc, i) => !removes(removeDocuments, i, doc.key));
  const dropped: Media[] = [
    ...current.galleryImages.filter((img) => !gallery.includes(img)),
    ...current.documents.filter((doc) => !documents.includes(doc)),
  ];
  gallery.push(...(await media.images(asFiles(body['gallery_images']), 'gallery_images')));
  documents.push(...(await media.documents(asFiles(body['documents']), 'documents')));
  assertFileCounts(gallery.length, documents.length);
  return { gallery, documents, dropped };
}

// A few files at a time: a deleted account's listings can point at thousands.
const DELETE_BATCH = 20;

/**
 * An edit's single image (a 3D image, a share image): a new file replaces the saved one, its Remove box
 * (`remove_<field>`) takes it away, and an empty file field keeps it (the spec's clients send one with every edit).
 * Undefined when it stays; else its new value, the saved image added to `dropped` to be deleted after the edit.
 */
export async function editedImage(
  body: Nested,
  media: MediaBatch,
  field: 'three_d_image' | 'meta_image',
  saved: ImageRecord | null,
  dropped: (Media | null)[],
): Promise<ImageRecord | null | undefined> {
  const file = asFile(body[field]);
  if (!file && !isTicked(body[`remove_${field}`])) return undefined;
  const image = file ? await media.image(file, field) : null;
  dropped.push(saved);
  return image;
}

/** Removes files no row points at any more (after the save that let go of them). */
export async function deleteListingMedia(deps: Pick<ServerDeps, 'storage'>, media: readonly (Media | null)[]) {
  for (let start = 0; start < media.length; start += DELETE_BATCH)
    await Promise.all(media.slice(start, start + DELETE_BATCH).map((m) => deleteMedia(deps.storage, m)));
}
