/** Headers for every response. The script/style CSP comes from Astro's hashed <meta>; these are the parts a meta cannot set. */
export function applySecurityHeaders(headers: Headers, secure: boolean): void {
  headers.set('content-security-policy', "frame-ancestors 'none'; object-src 'none'; base-uri 'self'");
  headers.set('x-content-type-options', 'nosniff');
  headers.set('x-frame-options', 'DENY');
  headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  headers.set('permissions-policy', 'geolocation=(self), camera=(), microphone=(self), payment=()');
  headers.set('cross-origin-opener-policy', 'same-origin');
  if (secure) headers.set('strict-transport-security', 'max-age=63072000; includeSubDomains');
}
