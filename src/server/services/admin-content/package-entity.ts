import { z } from 'zod';
import { packages, paymentTransactions, userPackages } from '../../db/schema/index.ts';
import {
  isReferenced,
  listPackageFeatureRows,
  replacePackageFeatures,
} from '../../repositories/admin-content-repository.ts';
import { PACKAGE_FEATURES, type PackageFeature } from '../package-service.ts';
import { toMajor, toMinor } from '../../../lib/money.ts';
import {
  activeFlag,
  defineEntity,
  NAMES_SPEC,
  optionalText,
  order,
  translatedNames,
  type FieldSpec,
  labelFrom,
} from './entity.ts';

const limitField = (feature: string) => `limit_${feature}`;

/** A feature's limit: blank for unlimited, else a whole number (limits count only for listing and featuring). */
const limit = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.coerce
    .number({ error: 'admin.errors.number' })
    .int('admin.errors.number')
    .min(0, 'admin.errors.number')
    .max(1_000_000)
    .nullable(),
);

const schema = z
  .object({
    name: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, 'validation.required')
      .max(120, 'admin.errors.too_long'),
    names: translatedNames(),
    price: z.coerce
      .number({ error: 'validation.price' })
      .min(0, 'validation.price')
      .max(1_000_000_000, 'validation.price'),
    duration_days: z.coerce
      .number({ error: 'admin.errors.duration' })
      .int('admin.errors.duration')
      .min(1, 'admin.errors.duration')
      .max(3650, 'admin.errors.duration'),
    features: z
      .union([z.array(z.string()), z.string()])
      .transform((v) => (Array.isArray(v) ? v : [v]).filter(Boolean))
      .pipe(z.array(z.enum(PACKAGE_FEATURES, { error: 'admin.errors.feature' })))
      .default([]),
    ios_product_id: optionalText(200),
    sort_order: order,
    is_active: activeFlag,
    ...Object.fromEntries(PACKAGE_FEATURES.map((f) => [limitField(f), limit])),
  })
  .transform((v) => ({
    ...v,
    limits: Object.fromEntries(
      [...new Set(v.features)].map((f) => [f, (v as Record<string, unknown>)[limitField(f)] as number | null]),
    ) as Partial<Record<PackageFeature, number | null>>,
  }));

export const packageEntity = defineEntity({
  name: 'packages',
  audit: 'package',
  label: labelFrom('name'),
  table: packages,
  search: [packages.name],
  orderBy: [packages.sortOrder, packages.id],
  fields: [
    { name: 'name', kind: 'text', required: true, column: true, hint: true },
    NAMES_SPEC,
    { name: 'price', kind: 'number', required: true, column: true, hint: true },
    { name: 'duration_days', kind: 'number', required: true, column: true },
    { name: 'features', kind: 'checklist', choices: PACKAGE_FEATURES, choiceLabels: 'package.feature' },
    ...PACKAGE_FEATURES.map((f): FieldSpec => ({
      name: limitField(f),
      label: 'limit',
      labelArgs: { feature: `package.feature.${f}` },
      kind: 'number',
      hint: true,
    })),
    { name: 'ios_product_id', kind: 'text' },
    { name: 'sort_order', kind: 'number' },
    { name: 'is_active', kind: 'checkbox', column: true },
  ],
  schema,
  toColumns: async (v) => ({
    name: v.name,
    names: v.names,
    priceMinor: toMinor(v.price),
    durationDays: v.duration_days,
    iosProductId: v.ios_product_id,
    sortOrder: v.sort_order,
    isActive: v.is_active,
    updatedAt: new Date(),
  }),
  view: (row, links) => ({
    id: row.id,
    name: row['name'],
    names: row['names'],
    price: toMajor(row['priceMinor'] as number),
    duration_days: row['durationDays'],
    ios_product_id: row['iosProductId'],
    sort_order: row['sortOrder'],
    is_active: row['isActive'],
    ...links,
  }),
  links: {
    async load(db, id) {
      const rows = await listPackageFeatureRows(db, id);
      return {
        features: rows.map((r) => r.feature),
        ...Object.fromEntries(rows.map((r) => [limitField(r.feature), r.limit])),
      };
    },
    save: (tx, id, v) => replacePackageFeatures(tx, id, Object.entries(v.limits) as [PackageFeature, number | null][]),
  },
  // Bought packages stay on record: they are taken off sale instead.
  inUse: async (db, row) =>
    (await isReferenced(db, userPackages, userPackages.packageId, row.id)) ||
    (await isReferenced(db, paymentTransactions, paymentTransactions.packageId, row.id)),
  activeColumn: 'isActive',
});
