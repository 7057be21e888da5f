/** CSP directives a <meta> cannot carry, added to the policy Astro computes (with its script and style hashes). */
const FRAMING_DIRECTIVES = ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"];

/**
 * Headers for every response. Applying them twice changes nothing: a page rewritten to another (a 404, the admin's
 * 403) passes the middleware twice, and a directive given twice is an error the browser reports.
 */
export function applySecurityHeaders(headers: Headers, secure: boolean): void {
  const directives = (headers.get('content-security-policy') ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean);
  const named = new Set(directives.map((directive) => directive.split(/\s+/)[0]!.toLowerCase()));
  for (const directive of FRAMING_DIRECTIVES) if (!named.has(directive.split(' ')[0]!)) directives.push(directive);
  headers.set('content-security-policy', directives.join('; '));
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
