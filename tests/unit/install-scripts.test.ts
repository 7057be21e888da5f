import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => JSON.parse(fs.readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));

/**
 * npm's next major skips the install scripts of dependencies that package.json's `allowScripts` does not name (npm 11
 * only warns), and Node's binary and esbuild's come from theirs: every package of the lock with an install script is
 * allowed or denied there, so a fresh install behaves the same on either.
 */
describe('allowScripts', () => {
  const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
  const allowScripts = (read('package.json') as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
  const withScripts = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));

  it('names every dependency that has an install script', () => {
    expect(withScripts.filter((name) => !(name in allowScripts))).toEqual([]);
  });

  it("lets the scripts run that install Node's and esbuild's binaries", () => {
    expect(allowScripts).toMatchObject({ node: true, esbuild: true });
  });
});
