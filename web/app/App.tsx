// The app's frame: routes (/, /preise), the top bar, the toast host, the update prompt and the error boundary.
// The workflow page picks its screen from the workflow's current view; screens only render and dispatch.

import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { ProgressSteps } from '../components/ProgressSteps';
import { TrustBadges } from '../components/TrustBadges';
import { t } from '../i18n/de';
import { PricingScreen } from '../screens/pricing/PricingScreen';
import { UploadScreen } from '../screens/upload/UploadScreen';
import { currentStep, progressPercent } from '../workflow/machine';
import { ServicesContext, useAppState, type AppServices } from './context';
import { ErrorBoundary } from './ErrorBoundary';
import { NoticeHost } from './NoticeHost';
import { UpdatePrompt } from './UpdatePrompt';

function WorkflowPage() {
  const step = useAppState(currentStep);
  return (
    <div className="page">
      <header className="hero">
        <h1>{t('upload.headline')}</h1>
        <p>{t('upload.subline')}</p>
      </header>
      <ProgressSteps step={step} fill={progressPercent(step)} />
      <UploadScreen onOptimize={() => undefined} onImport={() => undefined} importing={false} />
    </div>
  );
}

function NotFound() {
  return (
    <div className="error-page card">
      <h1>{t('app.notFound')}</h1>
      <Link to="/">{t('app.toHome')}</Link>
    </div>
  );
}

export function App({ services }: { services: AppServices }) {
  return (
    <ServicesContext.Provider value={services}>
      <BrowserRouter>
        <a className="skip-link" href="#main">
          {t('app.skipToContent')}
        </a>
        <UpdatePrompt />
        <header className="topbar">
          <Link to="/" className="brand">
            <img src="/icons/icon.svg" alt="" />
            {t('app.name')}
          </Link>
          <Link to="/preise">{t('pricing.title')}</Link>
        </header>
        <main id="main">
          <ErrorBoundary>
            <Routes>
              <Route path="/" element={<WorkflowPage />} />
              <Route path="/preise" element={<PricingScreen />} />
              <Route path="*" element={<NotFound />} />
            </Routes>
          </ErrorBoundary>
        </main>
        <TrustBadges />
        <NoticeHost />
      </BrowserRouter>
    </ServicesContext.Provider>
  );
}
