import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { AppRoutes, preloadPrerendered, routes } from './app/routes';
import { privacyPolicy } from './config/privacy-content';
import { termsOfService } from './config/terms-content';
import { pages as pageHeads } from './config/seo';

export { env } from './lib/env';

/** Every path the app's route tree declares, joined ('/services/:id'); the catch-all '*' is not one. */
function routePaths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    if (route.path === '*') return [];
    const here = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const own = route.index || (route.path && !route.children) ? [here || '/'] : [];
    return [...own, ...(route.children ? routePaths(route.children, here) : [])];
  });
}

/**
 * A regular expression (source) for the paths the app routes itself: the boot script (scripts/build/boot-script.mjs)
 * starts the app at once on one of them, and shows the prerendered 404 page on any other.
 */
export function appPathPattern(): string {
  const escape = (segment: string) =>
    segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const alternatives = routePaths(routes).map((path) => path.split('/').map(escape).join('/'));
  return `^(?:${[...new Set(alternatives)].join('|')})$`;
}

/** The prerendered pages' paths, files and head tags. */
export const pages = () => pageHeads([termsOfService, privacyPolicy]);

/**
 * Renders a public page to HTML at build time (scripts/build/prerender.mjs); the browser hydrates it. The legal
 * pages' code loads on demand; it is loaded first here (as the browser does before hydrating them), so
 * they render in place as plain HTML.
 */
export async function render(url: string): Promise<string> {
  const page = () => (
    <StrictMode>
      {/* No QueryClient, as in the browser until a screen that queries loads (lib/lazy-query-client). */}
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>
  );
  await preloadPrerendered(url);
  return renderToString(page());
}
