import { siteUrl } from './site.ts';
import { breadcrumbJsonLd } from './structured-data.ts';

/** One step of a page's trail; the page itself comes last, without a link. */
export interface Crumb {
  name: string;
  href?: string | undefined;
}

/** The trail as crawlers read it (BreadcrumbList), from the same items the page shows. */
export const breadcrumbTrailJsonLd = (items: readonly Crumb[]) =>
  breadcrumbJsonLd(items.map((item) => ({ name: item.name, url: item.href ? siteUrl(item.href) : undefined })));
