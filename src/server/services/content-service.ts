import type { Database } from '../db/client.ts';
import { listActiveFaqs } from '../repositories/content-repository.ts';

export async function listFaqs(db: Database, page: { offset: number; limit: number }) {
  const { rows, total } = await listActiveFaqs(db, page);
  return { total, ...page, items: rows };
}
