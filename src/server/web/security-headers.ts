/** Headers for every response. The script/style CSP comes from Astro's hashed <meta>; these are the parts a meta cannot set. */
export function applySecurityHeaders(headers: Headers, secure: boolean): void {
  const defaults: [string, string][] = [
    ['content-security-policy', "frame-ancestors 'none'; object-src 'none'; base-uri 'self'"],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['permissions-policy', 'geolocation=(self), camera=(), microphone=(self), payment=()'],
    ['cross-origin-opener-policy', 'same-origin'],
  ];
  if (secure) defaults.push(['strict-transport-security', 'max-age=63072000; includeSubDomains']);
  // A page may tighten a header for itself (the reset page keeps its URL out of other sites' Referer).
  for (const [name, value] of defaults) if (!headers.has(name)) headers.set(name, value);
}
