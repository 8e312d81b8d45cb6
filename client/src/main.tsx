import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter, preloadRoute } from './app/router';
import './styles/fonts.css';
import './styles/tokens.css';
// The skeletons: also the page's first HTML, before this script has run.
import './components/Skeleton/skeleton.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first page's chunk loads while the session is being checked, not after.
preloadRoute(window.location.pathname);

// The service worker (client/pwa/sw.ts) keeps the meditation usable offline. Registered once the page has
// loaded, so it never competes with the first page for the network.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined), { once: true });
}

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
