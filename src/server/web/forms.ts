import type { AstroCookies } from 'astro';
import { SESSION_COOKIE } from '../auth/tokens.ts';
import { AppError, asAppError, type FieldErrors } from '../errors.ts';
import { translateMessage, type Translator } from '../i18n/translator.ts';
import { env } from '../env.ts';
import { holdsNul } from '../nul-text.ts';

/** What a page shows after a failed form post: one message and a message per field. */
export interface FormProblem {
  message: string;
  fields: Record<string, string>;
  status: number;
  retryAfterSeconds?: number | undefined;
  /**
   * The files the failed post carried, by the name of their input: a browser never fills a file input again, so the
   * form shown back says beside each one that its files must be chosen again (ChooseAgain.astro).
   */
  chosen?: ChosenFiles | undefined;
}

/** File names by input name (`title_image`, `gallery_images[]`, `floors[0][image]`), as the form sent them. */
export type ChosenFiles = Record<string, string[]>;

const MAX_NAME = 120;

/** The files a posted form carried (inputs left empty send a nameless, empty file: not counted). */
export function chosenFiles(form: FormData): ChosenFiles {
  const chosen: ChosenFiles = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string' || value.size === 0) continue;
    (chosen[key] ??= []).push(value.name.slice(0, MAX_NAME));
  }
  return chosen;
}

/**
 * Turns the errors services throw (and a transaction the database ended for a concurrent one) into translated form
 * messages; anything else is a real fault and rethrown.
 */
export function formProblem(error: unknown, t: Translator): FormProblem {
  const appError = asAppError(error);
  if (!appError) throw error;
  const translate = (text: string) => translateMessage(t, text);
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(appError.fields ?? ({} as FieldErrors)))
    fields[field] = translate(messages[0] ?? '');
  return {
    message: translate(appError.message),
    fields,
    status: appError.status,
    retryAfterSeconds: appError.retryAfterSeconds,
  };
}

/**
 * The form a page was posted, the one way pages read a post's body (tests/unit/architecture.test.ts): a body that is
 * no form, or a text holding NUL (which PostgreSQL cannot store, src/server/nul-text.ts), is refused as a bad
 * request, which the middleware shows on the 400 page.
 */
export async function postedForm(request: Request): Promise<FormData> {
  const form = await request.formData().catch(() => {
    throw AppError.badRequest('errors.bad_request');
  });
  if (holdsNul([...form.entries()])) throw AppError.badRequest('errors.invalid_text');
  return form;
}

export async function readForm(
  request: Request,
): Promise<{ fields: Record<string, string>; files: Record<string, File>; chosen: ChosenFiles }> {
  const form = await postedForm(request);
  const fields: Record<string, string> = {};
  const files: Record<string, File> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields[key] = value;
    else if (value.size > 0) files[key] = value;
  }
  return { fields, files, chosen: chosenFiles(form) };
}

export function setSessionCookie(cookies: AstroCookies, token: string, expiresAt: string, secure: boolean): void {
  cookies.set(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(SESSION_COOKIE, { path: '/' });
}

/*
 * Any origin serves as the base: only the path of what resolves on it is kept. A reserved name (RFC 2606), so no
 * value can name it by chance.
 */
const OWN_ORIGIN = 'https://site.invalid';

/**
 * Where to go after signing in (or any other address a visitor hands us to return to): a path on this site, never
 * another origin. The value is resolved as a browser would resolve it (which drops tab, CR and LF and reads a
 * backslash as a slash, so `/<TAB>/evil.example` is `//evil.example`), kept only when that stays on the site, and
 * handed back as the resolved path, query and fragment: escaped, with nothing a Location header cannot carry.
 */
export function safeNext(value: string | null | undefined, fallback = '/'): string {
  const resolved = value ? URL.parse(value, OWN_ORIGIN) : null;
  if (!resolved || resolved.origin !== OWN_ORIGIN) return fallback;
  return resolved.pathname + resolved.search + resolved.hash;
}

/** The caller's address and browser as services want them (X-Forwarded-For only behind a trusted proxy). */
export function pageClient(request: Request, clientAddress: string): { ip: string; userAgent: string | null } {
  const forwarded = env().TRUST_PROXY ? request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  return { ip: forwarded || clientAddress, userAgent: request.headers.get('user-agent')?.slice(0, 300) ?? null };
}

export const loginRedirect = (url: URL) => `/login?next=${encodeURIComponent(url.pathname + url.search)}`;

/**
 * A failed form post: the translated problem to show, with its status (and Retry-After) set on the page's
 * response. Errors that are not the user's (bugs, outages) are rethrown for the error page. A form with file
 * inputs passes the files it carried (`chosenFiles`, or readForm's `chosen`), for the form to ask for them again.
 */
export function failedPost(
  response: ResponseInit & { headers: Headers },
  error: unknown,
  t: Translator,
  chosen?: ChosenFiles,
): FormProblem {
  const problem = formProblem(error, t);
  response.status = problem.status;
  if (problem.retryAfterSeconds) response.headers.set('retry-after', String(problem.retryAfterSeconds));
  if (chosen && Object.keys(chosen).length > 0) problem.chosen = chosen;
  return problem;
}

/**
 * A page's read that the visitor's input can make impossible (a price range upside down): its result, or
 * `fallback` with the problem to show beside the fields, its status set on the response as `failedPost` does.
 */
export async function readOrProblem<T>(
  read: Promise<T>,
  fallback: T,
  response: ResponseInit & { headers: Headers },
  t: Translator,
): Promise<{ value: T; problem: FormProblem | null }> {
  try {
    return { value: await read, problem: null };
  } catch (error) {
    return { value: fallback, problem: failedPost(response, error, t) };
  }
}

/**
 * A form as the API's readBody sees it: a field sent more than once (a checklist, a checkbox after its hidden
 * "0") becomes a list, files are kept apart. Admin pages hand this to the same services as the API.
 */
export async function readFormLists(
  request: Request,
): Promise<{ fields: Record<string, string | string[]>; files: Record<string, File>; chosen: ChosenFiles }> {
  const form = await postedForm(request);
  const fields: Record<string, string | string[]> = {};
  const files: Record<string, File> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    const file = values.find((v): v is File => typeof v !== 'string');
    if (file) {
      if (file.size > 0) files[key] = file;
      continue;
    }
    const strings = values as string[];
    fields[key] = strings.length > 1 ? strings : strings[0]!;
  }
  return { fields, files, chosen: chosenFiles(form) };
}
