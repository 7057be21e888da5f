// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  // No markdown pages; Shiki's inline styles would also clash with the CSP.
  markdown: { syntaxHighlight: false },
  server: { port: 4321, host: true },
  security: {
    // Writes from other sites are refused by our own check (src/server/web/request-origin.ts), the same for pages
    // and the API on the dev server and in production, where API calls do not pass through Astro.
    checkOrigin: false,
    // Astro hashes its own inline scripts and styles into a CSP <meta>; frame-ancestors and friends, which a
    // <meta> cannot carry, are sent as a header by src/middleware.ts.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        // Google sign-in (when configured) talks to these from the browser.
        "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://www.googleapis.com",
        'frame-src https://*.firebaseapp.com',
        "media-src 'self' blob:",
        "form-action 'self'",
        "worker-src 'self'",
      ],
    },
  },
  vite: {
    // PGlite ships its WASM next to its JS; bundling it breaks the relative file lookups.
    ssr: { external: ['@electric-sql/pglite', 'sharp', '@node-rs/argon2', 'pg'] },
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  },
});
