/**
 * The page a signed-out visitor asked for (a link in an e-mail to /tracking, /prontidao...), so that a login takes
 * them there: kept in this tab (the seed sends a visitor to / itself) or, when the server ended the session, carried
 * in `?next=` beside `?mode=login`. Only a path of this site is ever followed: it never leads to another origin (an
 * open redirect).
 */
export const NEXT_PARAM = 'next';

/** Staff screens: an admin who asked for one goes there after login; any other page gives way to /dashboard. */
const STAFF_PATHS = ['/dashboard', '/booking-details/', '/dia', '/consulados'];

/** `next` as a path of this site ('/tracking?x=1#y'), without the modal's own parameters; null for anything else. */
export function safeNext(value: string | null | undefined): string | null {
  // '//host' and '/\host' are other origins to a browser; a control character or backslash has no place in our paths.
  if (!value || !value.startsWith('/') || /^\/[/\\]/.test(value) || /[\\\p{Cc}]/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  url.searchParams.delete('mode');
  url.searchParams.delete(NEXT_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The home page with the login modal, remembering `target` (a location) as where to go after it. */
export function loginHref(target: { pathname: string; search: string; hash: string }): string {
  const next = safeNext(`${target.pathname}${target.search}${target.hash}`);
  const params = new URLSearchParams({ mode: 'login' });
  if (next && next !== '/') params.set(NEXT_PARAM, next);
  return `/?${params.toString()}`;
}

export function isStaffPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return STAFF_PATHS.some((staff) =>
    staff.endsWith('/') ? pathname.startsWith(staff) : pathname === staff || pathname === `${staff}/`,
  );
}

/**
 * Where a login ends: staff on /dashboard (seed §1) unless they asked for a staff screen; a customer on the page
 * they asked for; null to stay on the current page.
 */
export function pathAfterLogin(next: string | null, admin: boolean): string | null {
  if (admin) return next && isStaffPath(next) ? next : '/dashboard';
  return next;
}

const REMEMBERED = 'login-next';
/** How long a page asked for waits for the login: a later one, from another visit, goes nowhere unasked. */
const REMEMBERED_MS = 30 * 60 * 1000;

/** Keeps `target` (a location) in this tab as where the next login goes. */
export function rememberNext(target: { pathname: string; search: string; hash: string }): void {
  const next = safeNext(`${target.pathname}${target.search}${target.hash}`);
  try {
    if (next && next !== '/') sessionStorage.setItem(REMEMBERED, JSON.stringify({ next, at: Date.now() }));
  } catch {
    // Storage refused (a private window's quota): the login stays on the page, as before.
  }
}

/** The page kept by rememberNext, while it is recent; null otherwise. */
export function rememberedNext(): string | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(REMEMBERED) ?? 'null') as {
      next?: string;
      at?: number;
    } | null;
    if (!kept || typeof kept.at !== 'number' || Date.now() - kept.at > REMEMBERED_MS) return null;
    return safeNext(kept.next);
  } catch {
    return null;
  }
}

export function forgetNext(): void {
  try {
    sessionStorage.removeItem(REMEMBERED);
  } catch {
    // Nothing kept.
  }
}
