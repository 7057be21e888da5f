import { describe, expect, it } from 'vitest';
import {
  articleJsonLd,
  breadcrumbJsonLd,
  organizationJsonLd,
  projectJsonLd,
  realEstateAgentJsonLd,
  realEstateListingJsonLd,
  websiteJsonLd,
  type AgentJsonLdInput,
  type ListingJsonLdInput,
  type ProjectJsonLdInput,
} from './structured-data.ts';

const ctx = {
  siteUrl: 'https://homes.example',
  siteName: 'Homes',
  currencyCode: 'EUR',
  imageUrl: (key: string) => `/uploads/${key}`,
};

/** Shaped like a `properties` row: what the detail page will pass. */
const listing: ListingJsonLdInput = {
  slug: 'sea-view-villa',
  title: 'Sea view villa',
  description: 'Four bedrooms over the bay.',
  metaDescription: null,
  priceMinor: 450_000_00,
  propertyType: 'sell',
  rentDuration: null,
  status: 'active',
  address: '3 Quay Street',
  formattedAddress: '3 Quay Street, Lisbon, Portugal',
  city: 'Lisbon',
  state: 'Lisbon District',
  country: 'Portugal',
  latitude: 38.7,
  longitude: -9.13,
  titleImage: { key: 'p/1/front.jpg' },
  galleryImages: [{ key: 'p/1/a.jpg' }, { key: 'p/1/front.jpg' }],
  createdAt: new Date('2026-10-01T08:00:00Z'),
  approvedAt: new Date('2026-10-02T09:30:00Z'),
  updatedAt: new Date('2026-11-01T10:00:00Z'),
};

describe('realEstateListingJsonLd', () => {
  it('describes a listing for sale with its offer, place and absolute images', () => {
    const ld = realEstateListingJsonLd(listing, ctx);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('RealEstateListing');
    expect(ld['name']).toBe('Sea view villa');
    expect(ld['description']).toBe('Four bedrooms over the bay.');
    expect(ld['url']).toBe('https://homes.example/properties-details/sea-view-villa');
    // Title image first, duplicates dropped.
    expect(ld['image']).toEqual([
      'https://homes.example/uploads/p/1/front.jpg',
      'https://homes.example/uploads/p/1/a.jpg',
    ]);
    expect(ld['datePosted']).toBe('2026-10-02T09:30:00.000Z');
    expect(ld['dateModified']).toBe('2026-11-01T10:00:00.000Z');
    expect(ld['offers']).toEqual({
      '@type': 'Offer',
      url: 'https://homes.example/properties-details/sea-view-villa',
      price: 450000,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      businessFunction: 'http://purl.org/goodrelations/v1#Sell',
    });
    const place = {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '3 Quay Street',
        addressLocality: 'Lisbon',
        addressRegion: 'Lisbon District',
        addressCountry: 'Portugal',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 38.7, longitude: -9.13 },
    };
    expect(ld['contentLocation']).toEqual(place);
    expect(ld['spatialCoverage']).toEqual(place);
  });

  it('gives the price as a number in major units, cents kept', () => {
    const offers = realEstateListingJsonLd({ ...listing, priceMinor: 1999 }, ctx)['offers'] as Record<string, unknown>;
    expect(offers['price']).toBe(19.99);
    expect(typeof offers['price']).toBe('number');
  });

  it('offers a rental as LeaseOut with the rent period as a unit price', () => {
    const ld = realEstateListingJsonLd({ ...listing, propertyType: 'rent', rentDuration: 'monthly' }, ctx);
    const offers = ld['offers'] as Record<string, unknown>;
    expect(offers['businessFunction']).toBe('http://purl.org/goodrelations/v1#LeaseOut');
    expect(offers['priceSpecification']).toEqual({
      '@type': 'UnitPriceSpecification',
      price: 450000,
      priceCurrency: 'EUR',
      referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
    });
    const quarterly = realEstateListingJsonLd({ ...listing, propertyType: 'rent', rentDuration: 'quarterly' }, ctx);
    expect(quarterly['offers']).toMatchObject({ priceSpecification: { referenceQuantity: { unitCode: 'QAN' } } });
    const forSale = realEstateListingJsonLd({ ...listing, rentDuration: 'monthly' }, ctx);
    expect(forSale['offers']).not.toHaveProperty('priceSpecification');
  });

  it('marks sold and rented listings SoldOut', () => {
    const availability = (status: ListingJsonLdInput['status']) =>
      (realEstateListingJsonLd({ ...listing, status }, ctx)['offers'] as Record<string, unknown>)['availability'];
    expect(availability('active')).toBe('https://schema.org/InStock');
    expect(availability('sold')).toBe('https://schema.org/SoldOut');
    expect(availability('rented')).toBe('https://schema.org/SoldOut');
    expect(availability('inactive')).toBe('https://schema.org/OutOfStock');
  });

  it('leaves out what is unknown: coordinates, street, images, approval time', () => {
    const ld = realEstateListingJsonLd(
      {
        ...listing,
        latitude: null,
        longitude: 12,
        address: '',
        formattedAddress: '',
        state: '',
        titleImage: null,
        galleryImages: [],
        approvedAt: null,
        updatedAt: undefined,
      },
      ctx,
    );
    expect(ld['contentLocation']).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Lisbon', addressCountry: 'Portugal' },
    });
    expect(ld).not.toHaveProperty('image');
    expect(ld).not.toHaveProperty('dateModified');
    expect(ld['datePosted']).toBe('2026-10-01T08:00:00.000Z');
  });

  it('prefers the meta description and takes image URLs and views as they are', () => {
    const ld = realEstateListingJsonLd(
      {
        ...listing,
        metaDescription: 'A villa with a view.',
        titleImage: 'https://cdn.example/front.webp',
        galleryImages: [{ url: '/uploads/b.jpg' }],
      },
      { ...ctx, imageUrl: undefined },
    );
    expect(ld['description']).toBe('A villa with a view.');
    expect(ld['image']).toEqual(['https://cdn.example/front.webp', 'https://homes.example/uploads/b.jpg']);
  });

  it('escapes the slug in the URL', () => {
    expect(realEstateListingJsonLd({ ...listing, slug: 'a b/c' }, ctx)['url']).toBe(
      'https://homes.example/properties-details/a%20b%2Fc',
    );
  });
});

describe('realEstateAgentJsonLd', () => {
  /** Shaped like agentView (agent-service.ts), as the profile page passes it. */
  const agent: AgentJsonLdInput = {
    slug: 'ana-costa',
    name: 'Ana Costa',
    description: 'Homes in Lisbon since 2010.',
    image: { url: '/uploads/users/7/ana.jpg' },
    city: 'Lisbon',
    country: 'Portugal',
    sameAs: ['https://www.linkedin.com/in/ana', 'https://www.instagram.com/ana'],
  };

  it('describes the agent: name, page, photo, about, where they work and their profile links', () => {
    expect(realEstateAgentJsonLd(agent, ctx)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'RealEstateAgent',
      name: 'Ana Costa',
      url: 'https://homes.example/agents/ana-costa',
      description: 'Homes in Lisbon since 2010.',
      image: 'https://homes.example/uploads/users/7/ana.jpg',
      address: { '@type': 'PostalAddress', addressLocality: 'Lisbon', addressCountry: 'Portugal' },
      areaServed: { '@type': 'City', name: 'Lisbon' },
      sameAs: ['https://www.linkedin.com/in/ana', 'https://www.instagram.com/ana'],
    });
  });

  it('gives no email or phone unless the page shows them', () => {
    const anonymous = realEstateAgentJsonLd({ ...agent, email: null, telephone: null }, ctx);
    expect(anonymous).not.toHaveProperty('email');
    expect(anonymous).not.toHaveProperty('telephone');
    const signedIn = realEstateAgentJsonLd(
      { ...agent, email: 'ana@homes.example', telephone: '+351 910 000 000' },
      ctx,
    );
    expect(signedIn['email']).toBe('ana@homes.example');
    expect(signedIn['telephone']).toBe('+351 910 000 000');
  });

  it('leaves out what the profile does not say', () => {
    expect(
      realEstateAgentJsonLd(
        { slug: 'bo', name: 'Bo', description: ' ', image: null, city: '', country: 'Portugal', sameAs: [] },
        ctx,
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'RealEstateAgent',
      name: 'Bo',
      url: 'https://homes.example/agents/bo',
      address: { '@type': 'PostalAddress', addressCountry: 'Portugal' },
    });
    expect(realEstateAgentJsonLd({ slug: 'bo', name: 'Bo', city: null, country: null }, ctx)).not.toHaveProperty(
      'address',
    );
  });
});

describe('projectJsonLd', () => {
  /** Shaped like projectDetail (project-service.ts), as the project page passes it. */
  const project: ProjectJsonLdInput = {
    slug: 'riverside-towers',
    title: 'Riverside Towers',
    description: 'Two towers of flats by the river.',
    metaDescription: null,
    address: '10 River Road',
    city: 'Porto',
    state: 'Porto District',
    country: 'Portugal',
    latitude: 41.14,
    longitude: -8.61,
    image: { key: 'projects/3/main.jpg' },
    galleryImages: [{ key: 'projects/3/a.jpg' }, { key: 'projects/3/main.jpg' }],
    mapUrl: 'https://www.openstreetmap.org/?mlat=41.14&mlon=-8.61#map=15/41.14/-8.61',
  };

  it('describes the project as a place: name, description, page, pictures, address, coordinates and map', () => {
    expect(projectJsonLd(project, ctx)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Place',
      name: 'Riverside Towers',
      description: 'Two towers of flats by the river.',
      url: 'https://homes.example/project-details/riverside-towers',
      image: ['https://homes.example/uploads/projects/3/main.jpg', 'https://homes.example/uploads/projects/3/a.jpg'],
      address: {
        '@type': 'PostalAddress',
        streetAddress: '10 River Road',
        addressLocality: 'Porto',
        addressRegion: 'Porto District',
        addressCountry: 'Portugal',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 41.14, longitude: -8.61 },
      hasMap: 'https://www.openstreetmap.org/?mlat=41.14&mlon=-8.61#map=15/41.14/-8.61',
    });
  });

  it('prefers the meta description and leaves out unknown coordinates, street, pictures and map', () => {
    const ld = projectJsonLd(
      {
        ...project,
        metaDescription: 'Flats by the river in Porto.',
        address: ' ',
        latitude: 41.14,
        longitude: null,
        image: null,
        galleryImages: [],
        mapUrl: null,
      },
      ctx,
    );
    expect(ld['description']).toBe('Flats by the river in Porto.');
    expect(ld['address']).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Porto',
      addressRegion: 'Porto District',
      addressCountry: 'Portugal',
    });
    for (const key of ['geo', 'image', 'hasMap']) expect(ld).not.toHaveProperty(key);
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the items from 1 and keeps their absolute URLs', () => {
    expect(
      breadcrumbJsonLd([
        { name: 'Home', url: new URL('https://homes.example/') },
        { name: 'Properties', url: 'https://homes.example/properties' },
        { name: 'Villa' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://homes.example/' },
        { '@type': 'ListItem', position: 2, name: 'Properties', item: 'https://homes.example/properties' },
        { '@type': 'ListItem', position: 3, name: 'Villa' },
      ],
    });
  });
});

describe('articleJsonLd', () => {
  const article = {
    slug: 'buying-guide',
    title: 'How to buy your first home',
    description: 'Steps from budget to keys.',
    image: { key: 'articles/guide.jpg' },
    publishedAt: new Date('2026-09-01T00:00:00Z'),
    updatedAt: '2026-09-15T12:00:00Z',
  };

  it('gives headline, description, image, dates and the site as author and publisher', () => {
    const ld = articleJsonLd(article, { ...ctx, logo: '/images/logo.png' });
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('Article');
    expect(ld['headline']).toBe('How to buy your first home');
    expect(ld['description']).toBe('Steps from budget to keys.');
    expect(ld['url']).toBe('https://homes.example/articles/buying-guide');
    expect(ld['mainEntityOfPage']).toEqual({
      '@type': 'WebPage',
      '@id': 'https://homes.example/articles/buying-guide',
    });
    expect(ld['image']).toEqual(['https://homes.example/uploads/articles/guide.jpg']);
    expect(ld['datePublished']).toBe('2026-09-01T00:00:00.000Z');
    expect(ld['dateModified']).toBe('2026-09-15T12:00:00.000Z');
    expect(ld['author']).toEqual({ '@type': 'Organization', name: 'Homes', url: 'https://homes.example/' });
    expect(ld['publisher']).toEqual({
      '@type': 'Organization',
      name: 'Homes',
      url: 'https://homes.example/',
      logo: { '@type': 'ImageObject', url: 'https://homes.example/images/logo.png' },
    });
  });

  it('cuts long headlines to 110 characters and dates an unedited article by its publication', () => {
    const ld = articleJsonLd({ ...article, title: 'x'.repeat(200), updatedAt: null, image: null }, ctx);
    expect((ld['headline'] as string).length).toBe(110);
    expect(ld['dateModified']).toBe('2026-09-01T00:00:00.000Z');
    expect(ld).not.toHaveProperty('image');
    expect(ld['publisher']).not.toHaveProperty('logo');
  });
});

describe('websiteJsonLd', () => {
  it('names the site and offers the property search with the placeholder unescaped', () => {
    expect(websiteJsonLd(ctx)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Homes',
      url: 'https://homes.example/',
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: 'https://homes.example/properties?search={search_term_string}',
        },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});

describe('organizationJsonLd', () => {
  it('describes the company from the settings', () => {
    expect(
      organizationJsonLd(
        {
          company_name: 'Homes Ltd',
          company_email: 'hello@homes.example',
          company_phone: '+351 21 000 0000',
          company_address: '1 Main Street, Lisbon',
          web_placeholder_logo: '/images/placeholder-logo.svg',
        },
        ctx,
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Homes Ltd',
      url: 'https://homes.example/',
      logo: 'https://homes.example/images/placeholder-logo.svg',
      email: 'hello@homes.example',
      telephone: '+351 21 000 0000',
      address: { '@type': 'PostalAddress', streetAddress: '1 Main Street, Lisbon' },
    });
  });

  it('leaves out empty settings', () => {
    expect(organizationJsonLd({ company_name: 'Homes Ltd', company_email: '', company_phone: ' ' }, ctx)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Homes Ltd',
      url: 'https://homes.example/',
    });
  });
});
