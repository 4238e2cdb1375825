/**
 * The page a signed-out visitor asked for (a link in an e-mail to /tracking, /prontidao...), carried in
 * `?next=` beside `?mode=login` so that a login takes them there. Only a path of this site is ever followed:
 * `next` never leads to another origin (an open redirect).
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
