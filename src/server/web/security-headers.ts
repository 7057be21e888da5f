/** CSP directives a <meta> cannot carry, added to the policy Astro computes (with its script and style hashes). */
const FRAMING_POLICY = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'";

/** Headers for every response. */
export function applySecurityHeaders(headers: Headers, secure: boolean): void {
  const csp = headers.get('content-security-policy');
  headers.set('content-security-policy', csp ? `${csp.trim().replace(/;$/, '')}; ${FRAMING_POLICY}` : FRAMING_POLICY);
  const defaults: [string, string][] = [
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
