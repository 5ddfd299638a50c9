// Entry point: builds the app's services, restores the saved photos and workflow from this device, then
// renders the app.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './app/styles.css';
import { createServices } from './services/services';

const services = createServices();

// Which server modes are free on this server, asked once per start when the first photo is there (uploaded,
// imported or restored): prices matter from then on (modes screen, paid checks), and until the answer comes
// the stored one counts. The landing page itself shows none, so the API client and its contracts (zod) are
// not part of the first load.
const stopWatching = services.store.subscribe(() => {
  if (services.store.getState().images.length === 0) return;
  stopWatching();
  void import('./api/aiCapabilities').then(({ refreshAiCapabilities }) => refreshAiCapabilities());
});

void services.store
  .hydrate()
  .catch((error: unknown) => console.error('raumglanz: could not restore saved work', error))
  .finally(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App services={services} />
      </StrictMode>,
    );
  });
