/** A stored image with its responsive variants; widths and heights let pages reserve space (no layout shift). */
export interface ImageRecord {
  key: string;
  width: number;
  height: number;
  alt?: string;
  variants: { key: string; width: number; height: number; format: 'webp' | 'avif' }[];
}

/** A stored document (PDF or image) as uploaded. */
export interface DocumentRecord {
  key: string;
  name: string;
  contentType: string;
  size: number;
}
