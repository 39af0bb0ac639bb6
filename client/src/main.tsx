import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { PageSpinner } from './components/page-spinner';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <Suspense fallback={<PageSpinner />}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
