import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  resolve: { alias: { '~': src } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/support/api-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Node 24's V8 has twice aborted a test worker while freeing WebAssembly code (a JIT page lookup
          // failing as a PGlite thread ended); keeping PGlite on the baseline compiler leaves no background
          // compilation to race its teardown, and costs these short-lived databases nothing measurable.
          execArgv: ['--no-wasm-tier-up'],
        },
      },
    ],
  },
});
