import type { Nested } from '../../server/platform/form-fields.ts';
import type { OwnProjectView } from '../../server/services/project-view.ts';
import { formValues } from '../../server/web/property-form.ts';

/** What the project form shows: text values, the plan rows (kept plans when editing), the Remove boxes ticked. */
export interface ProjectFormValues {
  values: Record<string, string>;
  plans: { id?: number; title: string }[];
  removals: Record<string, string[]>;
}

/** A re-shown form after a failed post keeps the text typed and the boxes ticked (files must be chosen again). */
export function projectFormValues(body: Nested): ProjectFormValues {
  const rows = Array.isArray(body['plans']) ? body['plans'] : [];
  const plans = rows.flatMap((row) => {
    if (typeof row !== 'object' || row instanceof File || Array.isArray(row)) return [];
    const id = Number(row['id']);
    const title = typeof row['title'] === 'string' ? row['title'] : '';
    return id || title ? [{ ...(id ? { id } : {}), title }] : [];
  });
  const { values, removals } = formValues(body);
  return { values, plans, removals };
}

/** The edit form starts from the project as saved. */
export function projectFormValuesOf(project: OwnProjectView): ProjectFormValues {
  const text = (v: string | number | null) => (v === null ? '' : String(v));
  return {
    values: {
      title: project.title,
      slug_id: project.slug_id,
      description: project.description,
      category_id: String(project.category_id),
      type: project.type,
      location: project.location,
      city: project.city,
      state: project.state,
      country: project.country,
      latitude: text(project.latitude),
      longitude: text(project.longitude),
      video_link: text(project.video_link),
      meta_title: text(project.meta_title),
      meta_description: text(project.meta_description),
      meta_keywords: text(project.meta_keywords),
    },
    plans: project.plans.map((p) => ({ id: p.id, title: p.title })),
    removals: {},
  };
}
