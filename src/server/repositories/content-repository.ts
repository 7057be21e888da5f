import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { faqs } from '../db/schema/index.ts';

export async function listActiveFaqs(db: Executor, page: { offset: number; limit: number }) {
  const where = eq(faqs.isActive, true);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
      .from(faqs)
      .where(where)
      .orderBy(asc(faqs.sortOrder), asc(faqs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(faqs).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
