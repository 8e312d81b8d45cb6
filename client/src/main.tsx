import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter, preloadRoute } from './app/router';
import './styles/tokens.css';
// The skeletons: also the page's first HTML, before this script has run.
import './components/Skeleton/skeleton.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first page's chunk loads while the session is being checked, not after.
preloadRoute(window.location.pathname);

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
