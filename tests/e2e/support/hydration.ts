import type { Page } from '@playwright/test';

/** Astro removes the `ssr` attribute from an island once it has hydrated: wait for that before interacting. */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const islands = [...document.querySelectorAll('astro-island')];
    return islands.length > 0 && islands.every((island) => !island.hasAttribute('ssr'));
  });
}
