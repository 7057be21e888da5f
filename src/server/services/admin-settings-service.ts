import { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database } from '../db/client.ts';
import { AppError, fieldErrorsFromZod, type FieldErrors } from '../errors.ts';
import { deleteSettings, listAllSettings, lockSettings, upsertSetting } from '../repositories/settings-repository.ts';
import { adminMutation, assertAdmin } from './admin-access.ts';
import { recordAudit } from './audit-service.ts';
import {
  SETTING_GROUPS,
  SETTINGS_CATALOG,
  homeSectionOrder,
  settingDefinition,
  type SettingType,
} from './settings-catalog.ts';

/** What the audit log says instead of a secret's value. */
const SECRET_SET = '(secret set)';
const SECRET_UNSET = '(not set)';

const isFilled = (value: unknown) => value !== null && value !== undefined && value !== '';

export interface AdminSettingView {
  key: string;
  type: SettingType;
  label: string;
  secret: boolean;
  /** Translation key of a note shown under the field. */
  hint: string | null;
  /** Secrets only: whether one is stored. */
  is_set?: boolean;
  /** Everything but secrets. */
  value?: unknown;
}

/**
 * The console's view of the settings, grouped as the page shows them. Secrets carry only whether they are set:
 * their values never leave the server.
 */
export async function getAdminSettings(db: Database, actor: SessionUser | null) {
  assertAdmin(actor);
  const stored = new Map((await listAllSettings(db)).map((row) => [row.key, row.value]));
  return SETTING_GROUPS.map((group) => ({
    group,
    settings: SETTINGS_CATALOG.filter((s) => s.group === group).map((s): AdminSettingView => ({
      key: s.key,
      type: s.type,
      label: s.label,
      secret: s.isSecret,
      hint: s.hint,
      ...(s.isSecret
        ? { is_set: isFilled(stored.get(s.key)) }
        : { value: s.type === 'order' ? homeSectionOrder(stored.get(s.key)) : (stored.get(s.key) ?? null) }),
    })),
  }));
}
export type AdminSettingsView = Awaited<ReturnType<typeof getAdminSettings>>;

/**
 * A form posts nested settings flat (`payment_methods.stripe`, `home_sections.cities` = its position) and
 * checkboxes after a hidden "0", so a repeated field means its last value. JSON sends them as they are stored.
 */
function normalise(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const positions: [string, number][] = [];
  for (const [name, raw] of Object.entries(input)) {
    const value = Array.isArray(raw) && name !== 'home_sections' && name !== 'clear' ? raw.at(-1) : raw;
    const [key, part] = name.split('.', 2) as [string, string | undefined];
    if (part === undefined) out[key] = value;
    else if (key === 'home_sections') positions.push([part, Number(value)]);
    else out[key] = { ...(out[key] as object | undefined), [part]: value };
  }
  if (positions.length)
    out['home_sections'] = positions
      .sort((a, b) => (Number.isFinite(a[1]) ? a[1] : Infinity) - (Number.isFinite(b[1]) ? b[1] : Infinity))
      .map(([section]) => section);
  return out;
}

/** The settings call's body: any setting by key, each read by its catalogue schema, and the secrets to clear. */
export const settingsChangeSchema = z.object({
  ...Object.fromEntries(SETTINGS_CATALOG.map((setting) => [setting.key, setting.schema.optional()])),
  clear: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe('Secrets to remove, by key'),
});

const clearList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]).map(String);

/** Reads a submission into the values to store and the secrets to clear; bad fields fail together (422). */
function readChanges(input: Record<string, unknown>) {
  const { clear, ...fields } = normalise(input);
  const errors: FieldErrors = {};
  const values = new Map<string, unknown>();
  for (const [key, raw] of Object.entries(fields)) {
    const definition = settingDefinition(key);
    if (!definition) errors[key] = ['admin.settings.errors.unknown'];
    // An empty secret field keeps the stored secret: the console never shows it, so it cannot be sent back.
    else if (definition.isSecret && (raw === '' || raw === null || raw === undefined)) continue;
    else {
      const parsed = definition.schema.safeParse(raw);
      if (parsed.success) values.set(key, parsed.data);
      else
        for (const [path, messages] of Object.entries(fieldErrorsFromZod(parsed.error)))
          errors[path === '_' ? key : `${key}.${path}`] = messages;
    }
  }
  const cleared = clearList(clear);
  for (const key of cleared)
    if (!settingDefinition(key)?.isSecret) errors[`clear`] = ['admin.settings.errors.clear_secret_only'];
  if (Object.keys(errors).length) throw AppError.validation(errors);
  return { values, cleared: cleared.filter((key) => !values.has(key)) };
}

/**
 * Saves the submitted settings in one transaction with one audit row of what changed. Secrets are recorded only
 * as changed or cleared, never by value. Public pages read settings on each request, so they show the change at
 * once.
 */
export async function updateSettings(db: Database, actor: SessionUser | null, input: Record<string, unknown>) {
  assertAdmin(actor);
  const { values, cleared } = readChanges(input);
  await adminMutation(db, actor, async (tx, admin) => {
    const keys = [...values.keys(), ...cleared];
    const current = new Map((await lockSettings(tx, keys)).map((row) => [row.key, row.value]));
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [key, value] of values) {
      const secret = settingDefinition(key)!.isSecret;
      if (!secret && JSON.stringify(current.get(key)) === JSON.stringify(value)) continue;
      await upsertSetting(tx, key, value, secret);
      before[key] = secret ? (isFilled(current.get(key)) ? SECRET_SET : SECRET_UNSET) : (current.get(key) ?? null);
      after[key] = secret ? SECRET_SET : value;
    }
    const removed = cleared.filter((key) => current.has(key));
    await deleteSettings(tx, removed);
    for (const key of removed) {
      before[key] = isFilled(current.get(key)) ? SECRET_SET : SECRET_UNSET;
      after[key] = SECRET_UNSET;
    }
    if (Object.keys(after).length)
      await recordAudit(tx, admin, {
        action: 'settings.update',
        entity: 'settings',
        entityId: null,
        label: null,
        before,
        after,
      });
  });
  return getAdminSettings(db, actor);
}
