import { z } from 'zod';
import type { ServerDeps } from '../platform/deps.ts';
import type { Nested, NestedValue } from '../platform/form-fields.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { DocumentRecord } from '../db/schema/media-types.ts';
import { AppError, type FieldErrors } from '../errors.ts';
import { deleteMedia, storeDocument } from '../media/listing-media.ts';
import { PRIVATE_PREFIX } from '../storage/storage.ts';
import { findUserById, updateUser } from '../repositories/user-repository.ts';
import * as repo from '../repositories/verification-repository.ts';
import type { VerificationFieldRow } from '../repositories/verification-repository.ts';
import { siteUrl } from '../web/site.ts';

type Deps = Pick<ServerDeps, 'db' | 'storage'>;
type Value = string | number | string[] | DocumentRecord;

const TEXT_MAX = { text: 500, textarea: 5000 } as const;

/** get-agent-verification-form-fields: the admin-defined form. */
export async function verificationFormFields(deps: Pick<ServerDeps, 'db'>) {
  const fields = await repo.listActiveVerificationFields(deps.db);
  return fields.map((f) => ({
    id: f.id,
    name: f.name,
    field_type: f.fieldType,
    options: f.options,
    is_required: f.isRequired,
  }));
}
export type VerificationFormField = Awaited<ReturnType<typeof verificationFormFields>>[number];

const isDocument = (value: unknown): value is DocumentRecord =>
  typeof value === 'object' && value !== null && 'key' in value && 'contentType' in value;

/**
 * Where the owner (or an admin) downloads a file of one application; never a public URL. Absolute on PUBLIC_URL,
 * as every download behind a check (docs/decisions/043).
 */
export const verificationFileUrl = (fieldId: number, requestId: number) =>
  siteUrl(`/api/agent-verification-file?field_id=${fieldId}&request_id=${requestId}`).href;

/**
 * The submitted answers, by field id, from `form_fields[i][id]` + `form_fields[i][value]` (form or JSON). An answer
 * whose id is missing or no id at all is refused under the place it was sent at (`form_fields.3.id`): there is no
 * field to name it by.
 */
function submittedAnswers(body: Nested): { answers: Map<number, NestedValue>; errors: FieldErrors } {
  const list = body['form_fields'];
  const entries = typeof list === 'object' && list !== null && !(list instanceof File) ? Object.entries(list) : [];
  const answers = new Map<number, NestedValue>();
  const errors: FieldErrors = {};
  for (const [place, entry] of entries) {
    if (typeof entry !== 'object' || entry === null || entry instanceof File || Array.isArray(entry)) continue;
    if (entry['value'] === undefined) continue;
    const id = entry['id'] === undefined || entry['id'] === '' ? undefined : Number(entry['id']);
    if (id === undefined) errors[`form_fields.${place}.id`] = ['validation.required'];
    else if (Number.isInteger(id) && id > 0) answers.set(id, entry['value']);
    else errors[`form_fields.${place}.id`] = ['verification.unknown_field'];
  }
  return { answers, errors };
}

const present = (value: NestedValue | undefined) =>
  value !== undefined &&
  !(typeof value === 'string' && value.trim() === '') &&
  !(Array.isArray(value) && !value.length);

type Checked = { value: Value | File } | { error: string };

/** Checks one answer against its field's type and options; files are stored later, once everything is valid. */
function checkAnswer(field: VerificationFieldRow, raw: NestedValue): Checked {
  const error = (key: string): Checked => ({ error: `verification.${key}` });
  switch (field.fieldType) {
    case 'text':
    case 'textarea': {
      if (typeof raw !== 'string') return error('invalid_value');
      const text = raw.trim();
      return text.length > TEXT_MAX[field.fieldType] ? error('too_long') : { value: text };
    }
    case 'number': {
      const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
      return Number.isFinite(n) ? { value: n } : error('invalid_number');
    }
    case 'dropdown':
    case 'radiobutton':
      return typeof raw === 'string' && field.options.includes(raw) ? { value: raw } : error('invalid_choice');
    case 'checkbox': {
      const list = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string' && v !== '');
      return list.every((v) => field.options.includes(v)) ? { value: list } : error('invalid_choice');
    }
    case 'file':
      return raw instanceof File && raw.size > 0 ? { value: raw } : error('file_required');
  }
}

/** A user's latest application and its answers (none before the first): what a re-application starts from. */
async function latestApplication(db: Deps['db'], userId: number) {
  const latest = await repo.findLatestVerificationRequest(db, userId);
  return { latest, values: latest ? await repo.listVerificationValues(db, latest.id) : [] };
}

/** apply-agent-verification's body as a client sends it; each answer is checked against its field's type below. */
export const verificationApplicationSchema = z.object({
  form_fields: z
    .array(
      z.object({
        id: z.number().int().positive(),
        value: z.union([z.string(), z.array(z.string())]).describe('A file for file fields; several for checkboxes'),
      }),
    )
    .describe('form_fields[i][id] and form_fields[i][value] (form_fields[i][value][] for several)'),
});

/**
 * apply-agent-verification: every required field answered, each answer of its field's type (choices from the
 * field's options, files a PDF or image checked by content and kept private). Allowed from "initial" and
 * "failed" (re-applying); the status becomes "pending" with one new request, all in one transaction.
 * Each request keeps its own answers: a re-application starts from the previous request's answers (a field left
 * empty, or a file not uploaded again, keeps the earlier answer) but is stored as new rows, so the failed request
 * still shows what it was judged on, and its files are never deleted.
 */
export async function applyForVerification(deps: Deps, actor: SessionUser, body: Nested) {
  const user = await findUserById(deps.db, actor.id);
  if (!user) throw AppError.unauthenticated();
  if (user.verificationStatus === 'pending') throw AppError.conflict('verification.already_pending');
  if (user.verificationStatus === 'success') throw AppError.conflict('verification.already_verified');

  const [fields, { values: previous }] = await Promise.all([
    repo.listActiveVerificationFields(deps.db),
    latestApplication(deps.db, actor.id),
  ]);
  const { answers, errors } = submittedAnswers(body);
  for (const id of answers.keys())
    if (!fields.some((f) => f.id === id)) errors[`form_fields.${id}`] = ['verification.unknown_field'];

  const checked: { field: VerificationFieldRow; value: Value | File }[] = [];
  for (const field of fields) {
    const raw = answers.get(field.id);
    const keptFile = field.fieldType === 'file' && previous.some((p) => p.fieldId === field.id && isDocument(p.value));
    if (!present(raw) || (raw instanceof File && raw.size === 0)) {
      if (field.isRequired && !keptFile) errors[`form_fields.${field.id}`] = ['validation.required'];
      continue;
    }
    const result = checkAnswer(field, raw!);
    if ('error' in result) errors[`form_fields.${field.id}`] = [result.error];
    else checked.push({ field, value: result.value });
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);

  const stored: DocumentRecord[] = [];
  try {
    const values: { fieldId: number; value: Value }[] = [];
    for (const { field, value } of checked) {
      if (value instanceof File) {
        const document = await storeDocument(
          deps.storage,
          value,
          `form_fields.${field.id}`,
          `${PRIVATE_PREFIX}verification/u${actor.id}`,
        );
        stored.push(document);
        values.push({ fieldId: field.id, value: document });
      } else values.push({ fieldId: field.id, value });
    }
    // The earlier answers to fields of the form not answered this time carry over (copied, not shared rows).
    for (const p of previous)
      if (fields.some((f) => f.id === p.fieldId) && !values.some((v) => v.fieldId === p.fieldId))
        values.push({ fieldId: p.fieldId, value: p.value as Value });
    const request = await deps.db.transaction(async (tx) => {
      await repo.lockUserVerification(tx, actor.id);
      const current = await findUserById(tx, actor.id);
      if (current?.verificationStatus === 'pending') throw AppError.conflict('verification.already_pending');
      await updateUser(tx, actor.id, { verificationStatus: 'pending' });
      const created = await repo.insertVerificationRequest(tx, actor.id);
      await repo.insertVerificationValues(tx, created.id, values);
      return created;
    });
    return { request_id: request.id, status: 'pending' as const };
  } catch (error) {
    await Promise.all(stored.map((doc) => deleteMedia(deps.storage, doc)));
    throw error;
  }
}

/**
 * get-agent-verification-form-values: the user's status, the last fail reason, and the answers of their latest
 * application (what a re-application starts from).
 */
export async function verificationFormValues(deps: Pick<ServerDeps, 'db'>, actor: SessionUser) {
  const [user, { latest, values }] = await Promise.all([
    findUserById(deps.db, actor.id),
    latestApplication(deps.db, actor.id),
  ]);
  if (!user) throw AppError.unauthenticated();
  return {
    status: user.verificationStatus,
    fail_reason: user.verificationStatus === 'failed' ? (latest?.failReason ?? null) : null,
    applied_at: latest?.createdAt.toISOString() ?? null,
    values: values.map((v) => ({
      field_id: v.fieldId,
      name: v.name,
      field_type: v.fieldType,
      value: isDocument(v.value) ? { name: v.value.name, url: verificationFileUrl(v.fieldId, latest!.id) } : v.value,
    })),
  };
}
export type VerificationFormValues = Awaited<ReturnType<typeof verificationFormValues>>;

/**
 * An uploaded verification file, for its owner or an admin only: of the application request_id names, or else of
 * the latest application of user_id (admins) or of the caller.
 */
export async function verificationFile(
  deps: Deps,
  actor: SessionUser,
  fieldId: number,
  by: { requestId?: number | undefined; userId?: number | undefined } = {},
) {
  const ownerId = by.userId ?? actor.id;
  const request = by.requestId
    ? await repo.findVerificationRequestById(deps.db, by.requestId)
    : await repo.findLatestVerificationRequest(deps.db, ownerId);
  if (!request) throw AppError.notFound();
  if (by.userId !== undefined && request.userId !== by.userId) throw AppError.notFound();
  if (request.userId !== actor.id && actor.role !== 'admin') throw AppError.notFound();
  const row = await repo.findVerificationValue(deps.db, request.id, fieldId);
  if (!row || !isDocument(row.value)) throw AppError.notFound();
  const file = await deps.storage.get(row.value.key);
  if (!file) throw AppError.notFound();
  return { ...file, name: row.value.name };
}
