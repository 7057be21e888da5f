import sharp from 'sharp';
import { expect, type APIRequestContext } from '@playwright/test';

export interface Account {
  email: string;
  password: string;
}

type Part = string | { name: string; mimeType: string; buffer: Buffer };

/** A session token for `who`, signed in through the API as the apps sign in. */
export async function apiToken(request: APIRequestContext, who: Account): Promise<string> {
  const res = await request.post('/api/user_signup', { data: { logintype: 'email', ...who } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

/** An 800 × 600 JPEG of one colour, as a listing's photo. */
export function photo(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#7a5' } })
    .jpeg()
    .toBuffer();
}

/**
 * A listing posted through the API as the apps post one (it waits for review): in the first category, in Lisbon,
 * with a title image; `fields` add to or replace those.
 */
export async function postListing(
  request: APIRequestContext,
  baseURL: string,
  token: string,
  fields: Record<string, Part>,
): Promise<{ id: number; slug_id: string; admin_status: string }> {
  const categories = (await (await request.get('/api/get_categories?limit=100')).json()).data;
  const category = (Array.isArray(categories) ? categories : categories.items)[0] as { id: number };
  const posted = await request.post('/api/post_property', {
    // Astro refuses cross-site form posts; the apps' client sends its own origin.
    headers: { authorization: `Bearer ${token}`, origin: baseURL },
    multipart: {
      description: 'A bright flat with two bedrooms and a long balcony over the river.',
      category_id: String(category.id),
      property_type: 'sell',
      price: '310000',
      city: 'Lisbon',
      state: 'Lisbon',
      country: 'Portugal',
      address: '12 River Street, Lisbon, Portugal',
      latitude: '38.71',
      longitude: '-9.14',
      title_image: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo() },
      ...fields,
    },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  return (await posted.json()).data;
}

/** The admin approves a listing through the API, so visitors see it. */
export async function approveListing(request: APIRequestContext, baseURL: string, adminToken: string, id: number) {
  const approved = await request.post(`/api/admin/properties/${id}/approve`, {
    headers: { authorization: `Bearer ${adminToken}`, origin: baseURL },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}
