// The app's frame: routes (/, /preise, /login), the top bar, the toast host, the update prompt and the error boundary.
// The workflow page picks its screen from the workflow's current view; screens only render and dispatch.

import { BrowserRouter, Link, Route, Routes, useNavigate } from 'react-router';
import { ProgressSteps } from '../components/ProgressSteps';
import { ToastHost } from '../components/ToastHost';
import { TrustBadges } from '../components/TrustBadges';
import { CompareDialog } from '../dialogs/CompareDialog';
import { InsufficientCreditsDialog } from '../dialogs/InsufficientCreditsDialog';
import { useSession } from '../api/auth';
import { useCredits } from '../api/credits';
import { useEffect } from 'react';
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
import { ServicesContext, useAppState, useServices, type AppServices } from './context';
import { ErrorBoundary } from './ErrorBoundary';
import { UpdatePrompt } from './UpdatePrompt';

function CurrentScreen() {
  const { actions } = useServices();
  const session = useSession();
  const view = useAppState(currentView);
  const navigate = useNavigate();
  switch (view) {
    case 'upload':
      return <UploadScreen onOptimize={actions.optimize} onImport={actions.importListing} />;
    case 'analysis':
      return <AnalysisScreen />;
    case 'modes':
      return (
        <ModesScreen
          signedIn={session.userId !== null}
          onApply={actions.apply}
          onBuyCredits={() => navigate('/preise')}
        />
      );
    case 'processing':
      return <ProcessingScreen onCancel={actions.cancel} />;
    case 'results':
      return (
        <ResultsScreen
          onDownload={actions.downloadEnhanced}
          onDownloadAll={actions.downloadAllEnhanced}
          onMore={actions.requestSuggestions}
          onStartOver={actions.reset}
        />
      );
    case 'suggestions':
      return <SuggestionsScreen onImplement={actions.implement} />;
    case 'final':
      return (
        <FinalScreen
          onDownload={actions.downloadFinal}
          onDownloadAll={actions.downloadAllFinal}
          onReset={actions.reset}
        />
      );
  }
}

/** Keeps the workflow's view of the balance equal to the server's whenever that is (re)loaded. */
function CreditsSync() {
  const { store } = useServices();
  const { credits, loading } = useCredits();
  useEffect(() => {
    if (!loading) store.dispatch({ type: 'creditsLoaded', credits });
  }, [store, credits, loading]);
  return null;
}

function WorkflowPage() {
  const step = useAppState(currentStep);
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
