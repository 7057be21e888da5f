import { toMajor } from '../../lib/money.ts';
import { truncate } from '../../lib/text.ts';
import { urls } from '../../lib/urls.ts';

/*
 * schema.org JSON-LD for crawlers (docs/seo.md). Pure functions: the page reads the data, these shape it, and
 * SeoHead.astro writes it into <script type="application/ld+json"> (escaping `<`). Every URL comes out absolute.
 */

export type JsonLd = Record<string, unknown>;

const SCHEMA = 'https://schema.org';

/**
 * An image as a page may hold it: a URL (root-relative or absolute), a stored record (`{ key }`, turned into a
 * URL by `imageUrl`, e.g. `storage.url`) or a view (`{ url }`, as image-view.ts gives).
 */
export type ImageInput = string | { key: string } | { url: string };

export interface JsonLdContext {
  /** The site's public origin: `siteUrl()` from src/server/web/site.ts. */
  siteUrl: string | URL;
  /** The site's display name (`siteName` of src/server/web/brand.ts: the company name, else `t('site.name')`). */
  siteName: string;
  /** Makes a stored image's key a URL (`storage.url`); without it, key-only images are left out. */
  imageUrl?: ((key: string) => string) | undefined;
  /** Publisher logo for articles (absolute or root-relative). */
  logo?: string | undefined;
}

export interface ListingJsonLdContext extends JsonLdContext {
  /** ISO 4217 code of the site currency (settings `currency_code`). */
  currencyCode: string;
}

/** Field names match a `properties` row, so a row (plus its category) can be passed as it is. */
export interface ListingJsonLdInput {
  slug: string;
  title: string;
  description: string;
  metaDescription?: string | null | undefined;
  /** Minor units of the site currency. */
  priceMinor: number;
  propertyType: 'sell' | 'rent';
  rentDuration?: 'daily' | 'monthly' | 'quarterly' | 'yearly' | null | undefined;
  status: 'active' | 'inactive' | 'sold' | 'rented';
  address?: string | null | undefined;
  formattedAddress?: string | null | undefined;
  city: string;
  state: string;
  country: string;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
  titleImage?: ImageInput | null | undefined;
  galleryImages?: readonly ImageInput[] | null | undefined;
  createdAt: Date | string;
  /** When it went public; preferred over createdAt for datePosted. */
  approvedAt?: Date | string | null | undefined;
  updatedAt?: Date | string | null | undefined;
}

export interface ArticleJsonLdInput {
  slug: string;
  title: string;
  /** Plain text (an article's body is HTML: pass its meta description or its text). */
  description: string;
  image?: ImageInput | null | undefined;
  publishedAt: Date | string;
  updatedAt?: Date | string | null | undefined;
}

/** An agent's profile (agentView of agent-service.ts): agents, verified users and the site's admin. */
export interface AgentJsonLdInput {
  slug: string;
  name: string;
  /** The profile's "about me". */
  description?: string | null | undefined;
  image?: ImageInput | null | undefined;
  city?: string | null | undefined;
  country?: string | null | undefined;
  /**
   * Contact details, only as the page shows them: the profile shows email and phone to signed-in visitors only,
   * so a crawler (never signed in) gets none.
   */
  email?: string | null | undefined;
  telephone?: string | null | undefined;
  /** Profile links the page shows (social networks), absolute. */
  sameAs?: readonly string[] | undefined;
}

/** A project (projectDetail of project-service.ts): a development at one place, with its pictures. */
export interface ProjectJsonLdInput {
  slug: string;
  title: string;
  description: string;
  metaDescription?: string | null | undefined;
  /** The street address (a project's `location`). */
  address?: string | null | undefined;
  city: string;
  state: string;
  country: string;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
  image?: ImageInput | null | undefined;
  galleryImages?: readonly ImageInput[] | null | undefined;
  /** A map of the place the page links to. */
  mapUrl?: string | null | undefined;
}

export interface BreadcrumbItem {
  name: string;
  /** Absolute URL; the last item (the page itself) may leave it out. */
  url?: string | URL | undefined;
}

/** The public settings the organisation is described by (getPublicSettings gives them). */
export interface OrganizationSettings {
  company_name: string;
  company_email?: string | undefined;
  company_phone?: string | undefined;
  company_address?: string | undefined;
  /** The site's logo (settings `web_placeholder_logo`). */
  web_placeholder_logo?: string | undefined;
}

function absolute(ctx: Pick<JsonLdContext, 'siteUrl'>, path: string): string {
  return new URL(path, ctx.siteUrl).toString();
}

/** What builders of pages without the site's name need. */
export type UrlContext = Pick<JsonLdContext, 'siteUrl' | 'imageUrl'>;

function imageHref(ctx: UrlContext, image: ImageInput | null | undefined): string | null {
  if (!image) return null;
  if (typeof image === 'string') return image ? absolute(ctx, image) : null;
  if ('url' in image) return image.url ? absolute(ctx, image.url) : null;
  return ctx.imageUrl ? absolute(ctx, ctx.imageUrl(image.key)) : null;
}

function imageList(ctx: UrlContext, images: readonly (ImageInput | null | undefined)[]): string[] {
  const hrefs = images.map((image) => imageHref(ctx, image)).filter((href): href is string => href !== null);
  return [...new Set(hrefs)];
}

function isoDate(value: Date | string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Leaves out keys whose value is undefined, null, '' or [], so the output holds only what is known. */
function compact(object: JsonLd): JsonLd {
  return Object.fromEntries(
    Object.entries(object).filter(
      ([, value]) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && !value.length),
    ),
  );
}

const isCoordinate = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Coordinates when both are known. */
function geo(latitude: number | null | undefined, longitude: number | null | undefined): JsonLd | undefined {
  return isCoordinate(latitude) && isCoordinate(longitude)
    ? { '@type': 'GeoCoordinates', latitude, longitude }
    : undefined;
}

const organization = (ctx: Pick<JsonLdContext, 'siteUrl' | 'siteName'>): JsonLd => ({
  '@type': 'Organization',
  name: ctx.siteName,
  url: absolute(ctx, urls.home()),
});

// UN/CEFACT common codes, as schema.org's unitCode expects.
const RENT_UNIT = { daily: 'DAY', monthly: 'MON', quarterly: 'QAN', yearly: 'ANN' } as const;

const AVAILABILITY: Record<ListingJsonLdInput['status'], string> = {
  active: `${SCHEMA}/InStock`,
  sold: `${SCHEMA}/SoldOut`,
  rented: `${SCHEMA}/SoldOut`,
  inactive: `${SCHEMA}/OutOfStock`,
};

const BUSINESS_FUNCTION = {
  sell: 'http://purl.org/goodrelations/v1#Sell',
  rent: 'http://purl.org/goodrelations/v1#LeaseOut',
} as const;

/** A public listing as a schema.org RealEstateListing with its offer and place. */
export function realEstateListingJsonLd(listing: ListingJsonLdInput, ctx: ListingJsonLdContext): JsonLd {
  const url = absolute(ctx, urls.property(listing.slug));
  const price = toMajor(listing.priceMinor);
  const rentUnit = listing.propertyType === 'rent' && listing.rentDuration ? RENT_UNIT[listing.rentDuration] : null;
  const place = compact({
    '@type': 'Place',
    address: compact({
      '@type': 'PostalAddress',
      streetAddress: listing.address?.trim() || listing.formattedAddress?.trim() || undefined,
      addressLocality: listing.city,
      addressRegion: listing.state,
      addressCountry: listing.country,
    }),
    geo: geo(listing.latitude, listing.longitude),
  });
  const offer = compact({
    '@type': 'Offer',
    url,
    price,
    priceCurrency: ctx.currencyCode,
    availability: AVAILABILITY[listing.status],
    businessFunction: BUSINESS_FUNCTION[listing.propertyType],
    priceSpecification: rentUnit
      ? {
          '@type': 'UnitPriceSpecification',
          price,
          priceCurrency: ctx.currencyCode,
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: rentUnit },
        }
      : undefined,
  });
  return compact({
    '@context': SCHEMA,
    '@type': 'RealEstateListing',
    name: listing.title,
    description: listing.metaDescription?.trim() || listing.description,
    url,
    image: imageList(ctx, [listing.titleImage, ...(listing.galleryImages ?? [])]),
    datePosted: isoDate(listing.approvedAt ?? listing.createdAt),
    dateModified: isoDate(listing.updatedAt),
    offers: offer,
    contentLocation: place,
    spatialCoverage: place,
  });
}

/**
 * An agent's profile page as a RealEstateAgent: name, page, photo, what they say about themselves, where they work
 * (the profile's city and country, as address and areaServed) and their profile links. Email and phone only when
 * passed, which the page does only when it shows them.
 */
export function realEstateAgentJsonLd(agent: AgentJsonLdInput, ctx: UrlContext): JsonLd {
  const city = agent.city?.trim();
  const country = agent.country?.trim();
  const url = absolute(ctx, urls.agent(agent.slug));
  return compact({
    '@context': SCHEMA,
    '@type': 'RealEstateAgent',
    name: agent.name,
    url,
    description: agent.description?.trim(),
    image: imageHref(ctx, agent.image),
    address:
      city || country
        ? compact({ '@type': 'PostalAddress', addressLocality: city, addressCountry: country })
        : undefined,
    areaServed: city ? { '@type': 'City', name: city } : undefined,
    email: agent.email?.trim(),
    telephone: agent.telephone?.trim(),
    sameAs: [...new Set(agent.sameAs ?? [])],
  });
}

/**
 * A project's page as the Place it builds: name, description (meta description first), page, pictures (main
 * image then gallery), the postal address, coordinates when both are known, and the map the page links to.
 */
export function projectJsonLd(project: ProjectJsonLdInput, ctx: UrlContext): JsonLd {
  const url = absolute(ctx, urls.project(project.slug));
  return compact({
    '@context': SCHEMA,
    '@type': 'Place',
    name: project.title,
    description: project.metaDescription?.trim() || project.description,
    url,
    image: imageList(ctx, [project.image, ...(project.galleryImages ?? [])]),
    address: compact({
      '@type': 'PostalAddress',
      streetAddress: project.address?.trim(),
      addressLocality: project.city,
      addressRegion: project.state,
      addressCountry: project.country,
    }),
    geo: geo(project.latitude, project.longitude),
    hasMap: project.mapUrl,
  });
}

/** A trail of links, first to last; positions count from 1. */
export function breadcrumbJsonLd(items: readonly BreadcrumbItem[]): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) =>
      compact({
        '@type': 'ListItem',
        position: i + 1,
        name: item.name,
        item: item.url === undefined ? undefined : item.url.toString(),
      }),
    ),
  };
}

// Search engines cut headlines after 110 characters.
const HEADLINE_MAX = 110;

/** A published article, by and from the site. */
export function articleJsonLd(article: ArticleJsonLdInput, ctx: JsonLdContext): JsonLd {
  const url = absolute(ctx, urls.article(article.slug));
  const publisher = organization(ctx);
  const logo = ctx.logo ? imageHref(ctx, ctx.logo) : null;
  if (logo) publisher['logo'] = { '@type': 'ImageObject', url: logo };
  return compact({
    '@context': SCHEMA,
    '@type': 'Article',
    headline: truncate(article.title, HEADLINE_MAX),
    description: article.description,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    image: imageList(ctx, [article.image]),
    datePublished: isoDate(article.publishedAt),
    dateModified: isoDate(article.updatedAt ?? article.publishedAt),
    author: organization(ctx),
    publisher,
  });
}

/** The site, with the search box crawlers may offer: the /properties search. */
export function websiteJsonLd(ctx: Pick<JsonLdContext, 'siteUrl' | 'siteName'>): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'WebSite',
    name: ctx.siteName,
    url: absolute(ctx, urls.home()),
    potentialAction: {
      '@type': 'SearchAction',
      // Built as text: URL would percent-encode the braces of the placeholder.
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${absolute(ctx, urls.properties())}?search={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** The company behind the site, from its public settings. */
export function organizationJsonLd(settings: OrganizationSettings, ctx: Pick<JsonLdContext, 'siteUrl'>): JsonLd {
  const logo = settings.web_placeholder_logo?.trim();
  const address = settings.company_address?.trim();
  return compact({
    '@context': SCHEMA,
    '@type': 'Organization',
    name: settings.company_name,
    url: absolute(ctx, urls.home()),
    logo: logo ? absolute(ctx, logo) : undefined,
    email: settings.company_email?.trim(),
    telephone: settings.company_phone?.trim(),
    address: address ? { '@type': 'PostalAddress', streetAddress: address } : undefined,
  });
}
