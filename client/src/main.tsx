import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter, preloadRoute } from './app/router';
import './styles/fonts.css';
import './styles/tokens.css';
import './app/boot.css';

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
