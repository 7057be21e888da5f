/**
 * The methods pages take: reading one, and posting its forms to it (every form posts to its own page). Endpoints
 * under src/pages take the methods they export. OPTIONS is left to whatever answers it.
 */
export const PAGE_METHODS = ['GET', 'HEAD', 'POST'] as const;

/**
 * The methods an endpoint module (a .ts file under src/pages) answers: its handlers, and HEAD wherever GET is (as
 * Astro answers it); null for one that takes every method (`ALL`).
 */
export function endpointMethods(module: Record<string, unknown>): string[] | null {
  if (typeof module['ALL'] === 'function') return null;
  const methods = Object.keys(module).filter((name) => /^[A-Z]+$/.test(name) && typeof module[name] === 'function');
  if (methods.includes('GET') && !methods.includes('HEAD')) methods.push('HEAD');
  return methods;
}

/** 405 naming the methods the address takes (RFC 9110 section 15.5.6); no page for it, as no browser sends one. */
export const methodNotAllowedPage = (allowed: readonly string[]) =>
  new Response(null, { status: 405, statusText: 'Method Not Allowed', headers: { allow: allowed.join(', ') } });
