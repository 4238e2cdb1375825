import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes, preloadPrerendered } from './app/routes';
import { privacyPolicy } from './config/privacy-content';
import { termsOfService } from './config/terms-content';
import { pages as pageHeads } from './config/seo';

export { env } from './lib/env';

/** The prerendered pages' paths, files and head tags. */
export const pages = () => pageHeads([termsOfService, privacyPolicy]);

/**
 * Renders a public page to HTML at build time (scripts/prerender.mjs); the browser hydrates it. The legal
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
