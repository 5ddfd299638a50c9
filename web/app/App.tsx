// The app's frame: routes (/, /preise, /login), the top bar, the toast host, the update prompt and the error boundary.
// The workflow page picks its screen from the workflow's current view; screens only render and dispatch.

import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { ProgressSteps } from '../components/ProgressSteps';
import { ToastHost } from '../components/ToastHost';
import { TrustBadges } from '../components/TrustBadges';
import { CompareDialog } from '../dialogs/CompareDialog';
import { InsufficientCreditsDialog } from '../dialogs/InsufficientCreditsDialog';
import { StagingDialog } from '../dialogs/StagingDialog';
import { useSession } from '../api/auth';
import { CREDIT_UPDATE_EVENT } from '../api/credits';
import { useEffect, useLayoutEffect } from 'react';
import { t } from '../i18n/de';
import { AnalysisScreen } from '../screens/analysis/AnalysisScreen';
import { FinalScreen } from '../screens/final/FinalScreen';
import { LoginScreen } from '../screens/login/LoginScreen';
import { ModesScreen } from '../screens/modes/ModesScreen';
import { PricingScreen } from '../screens/pricing/PricingScreen';
import { ProcessingScreen } from '../screens/processing/ProcessingScreen';
import { ResultsScreen } from '../screens/results/ResultsScreen';
import { SuggestionsScreen } from '../screens/suggestions/SuggestionsScreen';
import { UploadScreen } from '../screens/upload/UploadScreen';
import { currentStep, currentView, progressPercent } from '../workflow/machine';
import { AccountMenu } from './AccountMenu';
import { ServicesContext, useActions, useAppState, type AppServices } from '../services/context';
import { ErrorBoundary } from './ErrorBoundary';
import { OfflineBanner } from './OfflineBanner';
import { UpdatePrompt } from './UpdatePrompt';

function CurrentScreen() {
  switch (useAppState(currentView)) {
    case 'upload':
      return <UploadScreen />;
    case 'analysis':
      return <AnalysisScreen />;
    case 'modes':
      return <ModesScreen />;
    case 'processing':
      return <ProcessingScreen />;
    case 'results':
      return <ResultsScreen />;
    case 'suggestions':
      return <SuggestionsScreen />;
    case 'final':
      return <FinalScreen />;
  }
}

/**
 * Keeps the store's balance equal to the server's: read when the session changes and on every 'creditUpdate'
 * event (SPEC section 7). The actions read it after charged jobs themselves.
 */
function CreditsSync() {
  const { sessionChanged, refreshCredits } = useActions();
  const { userId } = useSession();
  useEffect(() => void sessionChanged(userId), [sessionChanged, userId]);
  useEffect(() => {
    const reload = () => void refreshCredits();
    window.addEventListener(CREDIT_UPDATE_EVENT, reload);
    return () => window.removeEventListener(CREDIT_UPDATE_EVENT, reload);
  }, [refreshCredits]);
  return null;
}

function WorkflowPage() {
  const step = useAppState(currentStep);
  const view = useAppState(currentView);
  // Each new view opens at its top: a phone would otherwise keep the last view's scroll position, often the
  // bottom where its button was.
  // A block body: Chromium's scrollTo may return a promise, which React would take for the effect's cleanup.
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [view]);
  return (
    <div className="page">
      <header className="hero">
        <h1>{t('upload.headline')}</h1>
        <p>{t('upload.subline')}</p>
      </header>
      <ProgressSteps step={step} fill={progressPercent(step)} />
      <CurrentScreen />
      <CompareDialog />
      <InsufficientCreditsDialog />
      <StagingDialog />
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
        <CreditsSync />
        <header className="topbar">
          <Link to="/" className="brand">
            <img src="/icons/icon.svg" alt="" />
            {t('app.name')}
          </Link>
          <div className="topbar__end">
            <Link to="/preise">{t('pricing.title')}</Link>
            <AccountMenu />
          </div>
        </header>
        <OfflineBanner />
        <main id="main">
          <ErrorBoundary>
            <Routes>
              <Route path="/" element={<WorkflowPage />} />
              <Route path="/preise" element={<PricingScreen />} />
              <Route path="/login" element={<LoginScreen />} />
              <Route path="*" element={<NotFound />} />
            </Routes>
          </ErrorBoundary>
        </main>
        <TrustBadges />
        <ToastHost />
      </BrowserRouter>
    </ServicesContext.Provider>
  );
}
