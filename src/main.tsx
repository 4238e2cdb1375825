import './styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPrerendered } from './app/routes';
import { envError } from './lib/env';
import { setBackendReady } from './lib/backend-ready';
import { takeEarlyClicks } from './lib/early-clicks';

const container = document.getElementById('root');

if (container && envError) {
  console.error(envError);
  container.textContent = envError;
} else if (container) {
  if (__DEMO__) {
    // The demo backend starts beside the first paint; API calls wait for it (lib/backend-ready).
    import('./mocks/browser')
      .then(({ startDemoBackend }) => startDemoBackend())
      .then(setBackendReady, (error: unknown) => {
        console.error('Não foi possível iniciar o backend de demonstração.', error);
        setBackendReady();
      });
  } else {
    setBackendReady();
  }
  // Prerendered HTML (scripts/build/prerender.mjs) is hydrated only on the page it was made for; a static host's
  // fallback serves the home page's HTML for other paths, which are rendered afresh.
  const path = window.location.pathname.replace(/(.)\/+$/, '$1');
  if (container.dataset.prerendered === path) {
    const root = container;
    // A prerendered page whose code loads on demand (the legal pages) is loaded first: hydrating it while
    // its code is missing would replace the page with the loading screen for a moment.
    void preloadPrerendered(path)
      .catch(() => undefined)
      .then(() => {
        // The boot script records clicks until React listens: taken over only now, so a 'Contratar' pressed
        // while the page's code was still loading is played again after hydration instead of lost.
        takeEarlyClicks();
        // In a transition, hydration yields to the browser between components instead of one long task.
        startTransition(() => {
          hydrateRoot(root, <App />);
        });
      });
  } else {
    takeEarlyClicks();
    createRoot(container).render(<App />);
  }
}
