import type { Page } from '@playwright/test';

/**
 * Waits until the page's script has taken over: Astro removes an island's `ssr` attribute once it has hydrated,
 * and plain-script enhancements (the app shell, live forms, list filters) mark their `data-enhance` element
 * `data-enhanced`. At least one of the two must be on the page.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const islands = [...document.querySelectorAll('astro-island')];
    const enhanced = [...document.querySelectorAll('[data-enhance]')];
    return (
      islands.length + enhanced.length > 0 &&
      islands.every((island) => !island.hasAttribute('ssr')) &&
      enhanced.every((element) => element.hasAttribute('data-enhanced'))
    );
  });
}
