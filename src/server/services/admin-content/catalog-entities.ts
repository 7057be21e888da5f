import { z } from 'zod';
import {
  categories,
  cities,
  facilities,
  parameters,
  projects,
  properties,
  propertyFacilities,
  propertyParameters,
  reportReasons,
  reports,
} from '../../db/schema/index.ts';
import { fieldType } from '../../db/schema/enums.ts';
import {
  categoryParameterIds,
  isReferenced,
  listParameterNames,
  replaceCategoryParameters,
} from '../../repositories/admin-content-repository.ts';
import { imageView } from '../image-view.ts';
import {
  activeFlag,
  defineEntity,
  flag,
  idList,
  imageFor,
  imageSpec,
  lines,
  META_SPECS,
  metaFields,
  name,
  NAMES_SPEC,
  order,
  slugFor,
  slugInput,
  labelFrom,
  translatedNames,
} from './entity.ts';

export const FIELD_TYPES = fieldType.enumValues;
const CHOICE_TYPES = new Set(['dropdown', 'radiobutton', 'checkbox']);

/**
 * Typed fields (parameters, agent verification fields): choice types need at least two options, others keep
 * none. Parameters have no order or active flag; they ignore those two.
 */
export const typedFieldSchema = z
  .object({
    name: name(),
    type: z.enum(FIELD_TYPES, { error: 'admin.errors.field_type' }),
    options: lines,
    is_required: flag,
    sort_order: order,
    is_active: activeFlag,
  })
  .superRefine((v, ctx) => {
    if (CHOICE_TYPES.has(v.type) && v.options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'admin.errors.options_needed' });
  })
  .transform((v) => ({ ...v, options: CHOICE_TYPES.has(v.type) ? v.options : [] }));

const metaColumns = (v: {
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
}) => ({
  metaTitle: v.meta_title,
  metaDescription: v.meta_description,
  metaKeywords: v.meta_keywords,
});
const metaView = (row: Record<string, unknown>) => ({
  meta_title: row['metaTitle'] ?? null,
  meta_description: row['metaDescription'] ?? null,
  meta_keywords: row['metaKeywords'] ?? null,
});

export const categoryEntity = defineEntity({
  name: 'categories',
  audit: 'category',
  label: labelFrom('name'),
  table: categories,
  search: [categories.name, categories.slug],
  orderBy: [categories.sortOrder, categories.id],
  fields: [
    { name: 'name', kind: 'text', required: true, column: true, hint: true },
    NAMES_SPEC,
    { name: 'slug', kind: 'text', column: true, hint: true },
    imageSpec,
    { name: 'parameter_ids', kind: 'checklist' },
    { name: 'sort_order', kind: 'number', column: true },
    { name: 'is_active', kind: 'checkbox', column: true },
    ...META_SPECS,
  ],
  schema: z.object({
    name: name(),
    names: translatedNames(),
    slug: slugInput,
    parameter_ids: idList,
    sort_order: order,
    is_active: activeFlag,
    ...metaFields,
  }),
  async toColumns(v, ctx) {
    return {
      name: v.name,
      names: v.names,
      slug: await slugFor(ctx, categories, v.slug, v.name),
      image: await imageFor(ctx),
      sortOrder: v.sort_order,
      isActive: v.is_active,
      ...metaColumns(v),
      updatedAt: new Date(),
    };
  },
  view: (row, links, deps) => ({
    id: row.id,
    name: row['name'],
    names: row['names'],
    slug: row['slug'],
    image: imageView(deps.storage, row['image'] as never),
    parameter_ids: links['parameter_ids'] ?? [],
    sort_order: row['sortOrder'],
    is_active: row['isActive'],
    ...metaView(row),
  }),
  links: {
    load: async (db, id) => ({ parameter_ids: await categoryParameterIds(db, id) }),
    save: (tx, id, v) => replaceCategoryParameters(tx, id, [...new Set(v.parameter_ids)]),
  },
  async choices(db) {
    const rows = await listParameterNames(db);
    return { parameter_ids: rows.map((r) => ({ value: String(r.id), label: r.name })) };
  },
  inUse: async (db, row) =>
    (await isReferenced(db, properties, properties.categoryId, row.id)) ||
    (await isReferenced(db, projects, projects.categoryId, row.id)),
  activeColumn: 'isActive',
});

export const parameterEntity = defineEntity({
  name: 'parameters',
  audit: 'parameter',
  label: labelFrom('name'),
  table: parameters,
  search: [parameters.name],
  orderBy: [parameters.name],
  fields: [
    { name: 'name', kind: 'text', required: true, column: true, hint: true },
    NAMES_SPEC,
    { name: 'type', kind: 'select', choices: FIELD_TYPES, choiceLabels: 'admin.field_types', column: true },
    { name: 'options', kind: 'lines', hint: true },
    { name: 'is_required', kind: 'checkbox', column: true },
    imageSpec,
  ],
  schema: typedFieldSchema.and(z.object({ names: translatedNames() })),
  toColumns: async (v, ctx) => ({
    name: v.name,
    names: v.names,
    typeOfParameter: v.type,
    typeValues: v.options,
    isRequired: v.is_required,
    image: await imageFor(ctx),
  }),
  view: (row, _links, deps) => ({
    id: row.id,
    name: row['name'],
    names: row['names'],
    type: row['typeOfParameter'],
    options: row['typeValues'],
    is_required: row['isRequired'],
    image: imageView(deps.storage, row['image'] as never),
  }),
  inUse: (db, row) => isReferenced(db, propertyParameters, propertyParameters.parameterId, row.id),
});

export const facilityEntity = defineEntity({
  name: 'facilities',
  audit: 'facility',
  label: labelFrom('name'),
  table: facilities,
  search: [facilities.name],
  orderBy: [facilities.name],
  fields: [{ name: 'name', kind: 'text', required: true, column: true, hint: true }, NAMES_SPEC, imageSpec],
  schema: z.object({ name: name(), names: translatedNames() }),
  toColumns: async (v, ctx) => ({ name: v.name, names: v.names, image: await imageFor(ctx) }),
  view: (row, _links, deps) => ({
    id: row.id,
    name: row['name'],
    names: row['names'],
    image: imageView(deps.storage, row['image'] as never),
  }),
  inUse: (db, row) => isReferenced(db, propertyFacilities, propertyFacilities.facilityId, row.id),
});

const coordinate = (limit: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce.number({ error: message }).min(-limit, message).max(limit, message).nullable(),
  );

export const cityEntity = defineEntity({
  name: 'cities',
  audit: 'city',
  label: (row) => [row['name'], row['state'], row['country']].filter(Boolean).join(', '),
  table: cities,
  search: [cities.name, cities.state, cities.country],
  orderBy: [cities.country, cities.name],
  fields: [
    { name: 'name', kind: 'text', required: true, column: true },
    { name: 'state', kind: 'text', required: true, column: true },
    { name: 'country', kind: 'text', required: true, column: true },
    { name: 'latitude', kind: 'number' },
    { name: 'longitude', kind: 'number' },
    imageSpec,
  ],
  schema: z.object({
    name: name(),
    state: name(),
    country: name(),
    latitude: coordinate(90, 'validation.latitude'),
    longitude: coordinate(180, 'validation.longitude'),
  }),
  toColumns: async (v, ctx) => ({ ...v, image: await imageFor(ctx) }),
  view: (row, _links, deps) => ({
    id: row.id,
    name: row['name'],
    state: row['state'],
    country: row['country'],
    latitude: row['latitude'],
    longitude: row['longitude'],
    image: imageView(deps.storage, row['image'] as never),
  }),
});

export const reportReasonEntity = defineEntity({
  name: 'report-reasons',
  audit: 'report_reason',
  label: labelFrom('reason'),
  table: reportReasons,
  search: [reportReasons.reason],
  orderBy: [reportReasons.id],
  fields: [
    { name: 'reason', kind: 'text', required: true, column: true, hint: true },
    { ...NAMES_SPEC, label: 'reason_names' },
    { name: 'is_active', kind: 'checkbox', column: true },
  ],
  schema: z.object({ reason: name(300), names: translatedNames(300), is_active: activeFlag }),
  toColumns: async (v) => ({ reason: v.reason, names: v.names, isActive: v.is_active }),
  view: (row) => ({ id: row.id, reason: row['reason'], names: row['names'], is_active: row['isActive'] }),
  inUse: (db, row) => isReferenced(db, reports, reports.reasonId, row.id),
  activeColumn: 'isActive',
});
