import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalFileStorage } from '../storage/local-storage.ts';
import { createImageVariants } from './image-variants.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-variants-'));
const storage = new LocalFileStorage(dir);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A landscape photo as a camera writes it: pixels stored sideways, EXIF orientation 6 and a GPS position. */
function cameraJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 160 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'DemoCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 43/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe('createImageVariants', () => {
  it('writes WebP and AVIF at each width that fits, upright and without metadata', async () => {
    // Stored 2000x1200 sideways: upright the photo is 1200 wide and 2000 high.
    const input = await cameraJpeg(2000, 1200);
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.orientation).toBe(6);
    expect(inputMeta.exif).toBeDefined();

    const record = await createImageVariants(input, { keyPrefix: 'listings/1/title', storage });

    const webp = record.variants.filter((v) => v.format === 'webp');
    const avif = record.variants.filter((v) => v.format === 'avif');
    expect(webp.map((v) => v.width)).toEqual([320, 640, 1024]); // 1600 would upscale
    expect(avif.map((v) => v.width)).toEqual([320, 640, 1024]);
    expect(record).toMatchObject({ key: 'listings/1/title-1024.webp', width: 1024, height: 1707 });

    for (const variant of record.variants) {
      const file = fs.readFileSync(path.join(dir, variant.key));
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe(variant.format === 'webp' ? 'webp' : 'heif');
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(variant.height).toBeGreaterThan(variant.width); // rotated upright
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it('keeps one variant at the source width when the image is smaller than every width', async () => {
    const small = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#ccc' } })
      .png()
      .toBuffer();
    const record = await createImageVariants(small, { keyPrefix: 'avatars/7', storage });
    expect(record.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ['webp', 200, 150],
      ['avif', 200, 150],
    ]);
    expect(record.key).toBe('avatars/7-200.webp');
  });

  it('honours custom widths and refuses what is not an image', async () => {
    const png = await sharp({ create: { width: 800, height: 400, channels: 4, background: '#08c7' } })
      .png()
      .toBuffer();
    const record = await createImageVariants(png, { keyPrefix: 'seed/x', storage, widths: [160, 320, 2000] });
    expect(record.variants.filter((v) => v.format === 'webp').map((v) => [v.width, v.height])).toEqual([
      [160, 80],
      [320, 160],
    ]);
    await expect(
      createImageVariants(new TextEncoder().encode('not an image'), { keyPrefix: 'bad', storage }),
    ).rejects.toThrow();
  });
});
