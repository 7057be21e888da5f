// Screenshots of every public page type at phone width, for the before/after record of layout work.
//   node --experimental-transform-types --no-warnings scripts/screenshots.ts <base-url> <output-folder> [width] [scheme]
// Each page is saved as <page>-<width>.webp (<page>-<width>-dark.webp in the dark colour scheme), clipped to its
// first three screens and compressed with sharp. With SCREENSHOTS_SIGN_IN=<email>:<password> (an admin's, such as
// the demo install's), the member and console pages are taken too, signed in as that account.
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';

const [baseUrl, outDir, widthArg, schemeArg = 'light'] = process.argv.slice(2);
if (!baseUrl || !outDir || (schemeArg !== 'light' && schemeArg !== 'dark')) {
  console.error('usage: screenshots.ts <base-url> <output-folder> [width, 390 by default] [light (default) or dark]');
  process.exit(2);
}
const colorScheme: 'light' | 'dark' = schemeArg;
const width = Number(widthArg ?? 390);
const height = width <= 480 ? 844 : 900;
const screens = 3;

/** Pages at fixed addresses, and pages reached through the first link of a list (a listing, a project…). */
const fixed: Record<string, string> = {
  home: '/',
  properties: '/properties',
  map: '/properties/map',
  projects: '/projects',
  agents: '/agents',
  articles: '/articles',
  about: '/about-us',
  contact: '/contact-us',
  'mortgage-calculator': '/mortgage-calculator',
  login: '/login',
  register: '/register',
};
const firstLinks: Record<string, [list: string, prefix: string]> = {
  category: ['/', '/categories/'],
  listing: ['/properties', '/properties-details/'],
  project: ['/projects', '/project-details/'],
  agent: ['/agents', '/agents/'],
  article: ['/articles', '/articles/'],
};

/** Pages of a signed-in account: a member page, a conversation list and the console. */
const signedIn: Record<string, string> = {
  'user-dashboard': '/user/dashboard',
  'user-messages': '/user/messages',
  admin: '/admin',
  'admin-properties': '/admin/properties',
};
const account = process.env['SCREENSHOTS_SIGN_IN'];

const firstLink = async (page: Page, list: string, prefix: string) => {
  await page.goto(new URL(list, baseUrl).href);
  const hrefs = await page
    .locator(`main a[href^="${prefix}"]`)
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  // A list's own address may start with the prefix too (/agents?page=2): the first link one segment deeper.
  return hrefs.find((href) => /^\/[^/]+\/[^/?#]+$/.test(href));
};

const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1, colorScheme });
  const pages: Record<string, string> = { ...fixed };
  for (const [name, [list, prefix]] of Object.entries(firstLinks)) {
    const href = await firstLink(page, list, prefix);
    if (href) pages[name] = href;
    else console.warn(`${name}: no link found on ${list}`);
  }
  await fs.mkdir(outDir, { recursive: true });
  const shoot = async (name: string, address: string) => {
    await page.goto(new URL(address, baseUrl).href, { waitUntil: 'networkidle' });
    // Lazy images load as they scroll into view: scroll through the part that is kept, then back.
    for (let y = 0; y < height * screens; y += height / 2) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(100);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForLoadState('networkidle');
    const full = await page.evaluate(() => document.documentElement.scrollHeight);
    const shot = await page.screenshot({
      fullPage: true,
      clip: { x: 0, y: 0, width, height: Math.min(full, height * screens) },
    });
    const file = path.join(outDir, `${name}-${width}${colorScheme === 'dark' ? '-dark' : ''}.webp`);
    await sharp(shot).webp({ quality: 60 }).toFile(file);
    process.stdout.write(`${file}  page ${full} px tall\n`);
  };
  for (const [name, address] of Object.entries(pages)) await shoot(name, address);
  if (account) {
    const [email, password] = [account.slice(0, account.indexOf(':')), account.slice(account.indexOf(':') + 1)];
    await page.goto(new URL('/login', baseUrl).href);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await Promise.all([
      page.waitForURL((url) => url.pathname !== '/login'),
      page.locator('form:has(input[name="password"]) [type="submit"]').click(),
    ]);
    for (const [name, address] of Object.entries(signedIn)) await shoot(name, address);
  }
} finally {
  await browser.close();
}
