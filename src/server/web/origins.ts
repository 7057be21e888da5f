/**
 * Origins as the operator writes them (CORS_ORIGINS) and an admin does (the console's allowed_origins): exact
 * origins, separated by commas, spaces or lines. Browsers send an Origin header as scheme, host and port only, so
 * a path, a trailing slash or a wildcard could never match one and is refused where it is written.
 */
export const splitOrigins = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

/** Whether a text is exactly an http(s) origin, such as `https://app.example.com` or `http://localhost:5173`. */
export function isOrigin(text: string): boolean {
  const url = URL.parse(text);
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
}
