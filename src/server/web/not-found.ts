import { AppError } from '../errors.ts';

/** A service's 404: what the page was asked for is not there (or not the visitor's), so it answers with its 404 page. */
export const isNotFound = (error: unknown): boolean => error instanceof AppError && error.status === 404;

/** What `read` gives, or null when it fails with a 404 (isNotFound); any other failure is thrown on. */
export async function foundOrNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
