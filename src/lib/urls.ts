/** Canonical public paths (docs/decisions/007-public-urls.md); pages, sitemap and JSON-LD build links only here. */
const seg = (slug: string) => encodeURIComponent(slug);

export const urls = {
  home: () => '/',
  properties: () => '/properties',
  propertiesMap: () => '/properties/map',
  category: (slug: string) => `/categories/${seg(slug)}`,
  property: (slug: string) => `/properties-details/${seg(slug)}`,
  myProperty: (slug: string) => `/my-property/${seg(slug)}`,
  /** Pages of the admin console, whatever the state of what they show. */
  adminProperty: (id: number) => `/admin/properties/${id}`,
  adminProject: (id: number) => `/admin/projects/${id}`,
  adminUser: (id: number) => `/admin/users/${id}`,
  myProjects: () => '/user/projects',
  cities: () => '/cities',
  favourites: () => '/user/favourites',
  projects: () => '/projects',
  project: (slug: string) => `/project-details/${seg(slug)}`,
  agents: () => '/agents',
  agent: (slug: string) => `/agents/${seg(slug)}`,
  articles: () => '/articles',
  article: (slug: string) => `/articles/${seg(slug)}`,
  subscriptionPlan: () => '/subscription-plan',
  verification: () => '/user/verification',
  mortgageCalculator: () => '/mortgage-calculator',
} as const;
