import './styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { env, envError } from './config/env';
import { setBackendReady } from './lib/backend-ready';

const container = document.getElementById('root');

if (container && envError) {
  console.error(envError);
  container.textContent = envError;
} else if (container) {
  if (env.demo) {
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
  createRoot(container).render(<App />);
}
