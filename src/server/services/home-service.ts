import { urls } from '../../lib/urls.ts';
import { nameIn } from '../../lib/i18n/translated-name.ts';
import type { ServerDeps } from '../platform/deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import * as home from '../repositories/home-repository.ts';
import { listProjects } from '../repositories/project-repository.ts';
import { cachedRead } from '../cache/read-cache.ts';
import { listArticles } from './article-service.ts';
import { categoriesWithCounts, getCities } from './catalog-service.ts';
import { feedPreferences } from './personalised-service.ts';
import { imageView } from './image-view.ts';
import { projectCardView } from './project-view.ts';
import {
  browseProperties,
  marksFor,
  propertyCardView,
  type PropertyCardData,
  type PublicPropertyFilter,
} from './property-service.ts';

type Deps = Pick<ServerDeps, 'db' | 'storage'>;

const SECTION_SIZE = 8;
const SLIDER_COUNT = 5;
const SMALL_SECTION_SIZE = 4;

/** One home row: the first cards of a list, uncounted (the home page shows no totals). */
const sectionCards = (db: Deps['db'], filter: PublicPropertyFilter, now: Date) =>
  browseProperties(db, filter, { offset: 0, limit: SECTION_SIZE, count: false }, now).then((r) => r.items);

/**
 * The sections every visitor of a language sees alike, shared for a few seconds (read-cache.ts): at a million
 * listings the counts behind them cost seconds. Kept per language (one of the site's), as admin-entered names are
 * shown in it. Cards are kept as data; the viewer's marks are added per request.
 */
function publicSections(deps: Deps, lang: string, now: Date) {
  const { db, storage } = deps;
  return cachedRead(db, `home-sections:${lang}`, async () => {
    const list = (filter: PublicPropertyFilter) => sectionCards(db, filter, now);
    const [featured, mostViewed, mostLiked, latest, categories, cities, projects, agents, articles, featuredProjects] =
      await Promise.all([
        list({ featuredAt: now }),
        list({ sort: 'most_viewed' }),
        list({ sort: 'most_liked' }),
        list({}),
        categoriesWithCounts(db, { hasProperty: true, offset: 0, limit: 20, lang }),
        getCities(db, storage, { offset: 0, limit: SECTION_SIZE }),
        home.listLatestPublicProjects(db, SMALL_SECTION_SIZE),
        home.listAgentsWithListings(db, SMALL_SECTION_SIZE),
        listArticles(deps, {}, { offset: 0, limit: SMALL_SECTION_SIZE }, lang, now),
        listProjects(db, { advertisedAt: now }, { offset: 0, limit: SMALL_SECTION_SIZE }),
      ]);
    return {
      featured,
      mostViewed,
      mostLiked,
      latest,
      categories,
      cities,
      projects,
      agents,
      articles,
      featuredProjects,
    };
  });
}

/**
 * homepage-data: every section of the home page in one reply. Sliders are the featured listings with a photo
 * (there is no separate slider table: what is promoted is what the banner shows, and it needs no upkeep).
 * The personalised section appears for a signed-in user who saved feed preferences, else it is null. Admin-entered
 * names (categories) are in `lang`.
 */
export async function homepageData(deps: Deps, viewer: SessionUser | null, lang: string, now = new Date()) {
  const { db, storage } = deps;
  const preferences = await feedPreferences(db, viewer);
  const [sections, personalised] = await Promise.all([
    publicSections(deps, lang, now),
    preferences ? sectionCards(db, { preferences }, now) : Promise.resolve(null),
  ]);
  const { featured, mostViewed, mostLiked, latest, categories, cities, projects, agents, articles } = sections;

  const shown = [featured, mostViewed, mostLiked, latest, personalised ?? []].flat();
  const marks = await marksFor(
    db,
    viewer,
    shown.map((c) => c.id),
  );
  const cards = (items: PropertyCardData[]) => items.map((card) => propertyCardView(storage, card, marks, lang));

  return {
    sliders: featured
      .filter((card) => card.image)
      .slice(0, SLIDER_COUNT)
      .map((card) => ({
        property_id: card.id,
        slug_id: card.slug,
        title: card.title,
        price_label: card.priceLabel,
        image: imageView(storage, card.image),
        link: urls.property(card.slug),
      })),
    featured_properties: cards(featured),
    most_viewed_properties: cards(mostViewed),
    most_liked_properties: cards(mostLiked),
    latest_properties: cards(latest),
    personalised_properties: personalised ? cards(personalised) : null,
    categories: categories.rows.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      image: imageView(storage, c.image),
      property_count: c.propertyCount,
    })),
    cities: cities.items,
    projects: projects.map((p) => ({
      id: p.id,
      slug_id: p.slug,
      title: p.title,
      type: p.type,
      image: imageView(storage, p.image),
      city: p.city,
      state: p.state,
      country: p.country,
      category:
        p.categoryName && p.categorySlug
          ? { name: nameIn(lang, p.categoryName, p.categoryNames), slug: p.categorySlug }
          : null,
      created_at: p.createdAt.toISOString(),
    })),
    agents: agents.map((a) => ({
      id: a.id,
      name: a.name,
      slug_id: a.slug,
      profile: imageView(storage, a.profileImage),
      is_verified: a.verificationStatus === 'success',
      property_count: a.propertyCount,
    })),
    articles: articles.items,
    featured_projects: sections.featuredProjects.rows.map((row) => projectCardView(storage, row, viewer, lang)),
  };
}
export type HomepageData = Awaited<ReturnType<typeof homepageData>>;

/** As many cities as the hero search suggests: every town of a regional site, the busiest of a large one. */
const PLACE_SUGGESTIONS = 100;

/**
 * The home search's place suggestions (a <datalist>, so they need no script): the cities that have listings,
 * busiest first, each with its state and country to tell apart two towns of one name.
 */
export async function placeSuggestions(deps: Deps) {
  const { items } = await getCities(deps.db, deps.storage, { offset: 0, limit: PLACE_SUGGESTIONS });
  return items.map((city) => ({
    name: city.name,
    label: [city.name, city.state, city.country].filter(Boolean).join(', '),
  }));
}
