import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { LazyQueryClientProvider } from '@/lib/lazy-query-client';
import { AppRoutes } from './routes';

export function App() {
  return (
    <StrictMode>
      <LazyQueryClientProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </LazyQueryClientProvider>
    </StrictMode>
  );
}
