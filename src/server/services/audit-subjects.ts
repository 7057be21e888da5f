import type { Executor } from '../db/client.ts';
import { agentVerificationRequests, projects, properties, users } from '../db/schema/index.ts';
import { findExistingIds, type SubjectTable } from '../repositories/audit-repository.ts';
import { urls } from '../../lib/urls.ts';
import { MAX_ID } from '../../lib/validation/ids.ts';
import { ADMIN_ENTITIES } from './admin-content/registry.ts';

/*
 * What the audit log says about the subject of a change. Its name is written with the change (entity_label), so the
 * log names it as it was then, and still after it is deleted; whether it is still there, and so whether the log links
 * to its console page, is looked up when the log is read.
 */

/** How the log names a person: their name, and their email when they have one. */
export const personLabel = (person: { name: string; email: string | null }) =>
  person.email ? `${person.name} (${person.email})` : person.name;

/** How the log names a payment: the package bought, and who bought it. */
export const paymentLabel = (packageName: string, buyer: { name: string; email: string | null }) =>
  `${packageName}: ${personLabel(buyer)}`;

interface SubjectPage {
  table: SubjectTable;
  path: (id: number) => string;
}

/** The kinds of subject the console has a page for: the table they live in and the page's path. */
const SUBJECT_PAGES = new Map<string, SubjectPage>([
  ['property', { table: properties, path: urls.adminProperty }],
  ['project', { table: projects, path: urls.adminProject }],
  ['user', { table: users, path: urls.adminUser }],
  ['verification_request', { table: agentVerificationRequests, path: (id) => `/admin/verification/${id}` }],
  ...ADMIN_ENTITIES.map((e): [string, SubjectPage] => [
    e.audit,
    { table: e.table, path: (id) => `/admin/content/${e.name}/${id}` },
  ]),
]);

export interface SubjectLink {
  /** The console page of the subject, while it is still there. */
  path: string | null;
  /** The subject is a kind the console keeps a page for, and it is gone. */
  deleted: boolean;
}

const NO_LINK: SubjectLink = { path: null, deleted: false };

const idOf = (entityId: string | null) => {
  const id = entityId !== null && /^\d{1,10}$/.test(entityId) ? Number(entityId) : 0;
  return id >= 1 && id <= MAX_ID ? id : null;
};

/** For each row of the log (in order), the link to its subject: one query per kind of subject on the page. */
export async function subjectLinks(
  db: Executor,
  rows: readonly { entity: string; entityId: string | null }[],
): Promise<SubjectLink[]> {
  const idsByKind = new Map<string, Set<number>>();
  for (const row of rows) {
    const id = idOf(row.entityId);
    if (id === null || !SUBJECT_PAGES.has(row.entity)) continue;
    idsByKind.set(row.entity, (idsByKind.get(row.entity) ?? new Set()).add(id));
  }
  const existing = new Map(
    await Promise.all(
      [...idsByKind].map(
        async ([kind, ids]) => [kind, await findExistingIds(db, SUBJECT_PAGES.get(kind)!.table, [...ids])] as const,
      ),
    ),
  );
  return rows.map((row) => {
    const id = idOf(row.entityId);
    const page = SUBJECT_PAGES.get(row.entity);
    if (id === null || !page) return NO_LINK;
    return existing.get(row.entity)?.has(id) ? { path: page.path(id), deleted: false } : { path: null, deleted: true };
  });
}
