import fs from 'node:fs/promises';
import path from 'node:path';
import { keyPath, type FileStorage } from './storage.ts';

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.pdf': 'application/pdf',
  '.svg': 'image/svg+xml',
};

/**
 * What the file system answers for a key that names no file: nothing there, a file where the key has a directory
 * (`a.jpg/b`), a name longer than it allows, or a directory (should one appear between the check and the read).
 */
const NOTHING_THERE = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'EISDIR']);

/** Files under a directory, served at /uploads/<key> by src/pages/uploads/[...key].ts. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    // Keys come from our code, but a traversal must never leave the root.
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, body: Uint8Array): Promise<void> {
    const full = this.resolve(key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    await fs.writeFile(full, body);
  }

  /** The file a key names; null for none, and for a directory or anything else that is not a regular file. */
  async get(key: string): Promise<{ body: Uint8Array; contentType: string } | null> {
    const full = this.resolve(key);
    try {
      if (!(await fs.stat(full)).isFile()) return null;
      const body = await fs.readFile(full);
      return { body, contentType: contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream' };
    } catch (error) {
      if (NOTHING_THERE.has((error as NodeJS.ErrnoException).code ?? '')) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }

  url(key: string): string {
    return `/uploads/${keyPath(key)}`;
  }
}
