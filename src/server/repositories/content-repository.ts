import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { withTotal } from './paging.ts';
import { faqs } from '../db/schema/index.ts';

export async function listActiveFaqs(db: Executor, page: { offset: number; limit: number }) {
  const where = eq(faqs.isActive, true);
  return withTotal(
    db
      .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
      .from(faqs)
      .where(where)
      .orderBy(asc(faqs.sortOrder), asc(faqs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(faqs).where(where),
  );
}
