import sharp from 'sharp';

/** Width of the gallery's thumbnails (two columns on a phone, four on a desktop at 2x density). */
export const THUMBNAIL_WIDTH = 480;
const MAX_ENTRIES = 300;

/**
 * Thumbnails of installation photos, made once with sharp (WebP, 480 px wide, EXIF rotation applied, metadata such as
 * GPS dropped) and kept in memory, least recently used out first (about 30 KB each, at most 300).
 */
export function createThumbnailCache() {
  const cache = new Map<string, Promise<Buffer>>();
  return {
    get(key: string, original: () => Promise<Uint8Array>): Promise<Buffer> {
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      const made = original().then((bytes) => sharp(bytes, { limitInputPixels: 50_000_000 }).rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 70 }).toBuffer());
      made.catch(() => cache.delete(key));
      cache.set(key, made);
      if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      return made;
    },
  };
}
