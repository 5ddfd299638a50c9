// Entry point: builds the app's services, restores the saved photos and workflow from this device, then
// renders the app.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { refreshAiCapabilities } from './api/aiCapabilities';
import { App } from './app/App';
import './app/styles.css';
import { createServices } from './services/services';

const services = createServices();
// Which server modes are free on this server; the prices shown use the stored answer until it arrives.
void refreshAiCapabilities();

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
