// The app's frame: routes (/, /preise, /login), the top bar, the toast host, the update prompt and the error boundary.
// The workflow page picks its screen from the workflow's current view; screens only render and dispatch.

import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { ProgressSteps } from '../components/ProgressSteps';
import { useToastWanted } from '../components/toasts';
import { TrustBadges } from '../components/TrustBadges';
import { useSession } from '../api/auth';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { t } from '../i18n/de';
import { UploadScreen } from '../screens/upload/UploadScreen';
import { currentStep, currentView, progressPercent } from '../workflow/machine';
import { AccountMenu } from './AccountMenu';
import { ServicesContext, useActions, useAppState, type AppServices } from '../services/context';
import { ErrorBoundary } from './ErrorBoundary';
import { OfflineBanner } from './OfflineBanner';
import { InstallPrompt } from './InstallPrompt';
import { OutboxPanel } from './OutboxPanel';
import { ShareReceiver } from './ShareReceiver';
import { StoragePanel } from './StoragePanel';
import { UpdatePrompt } from './UpdatePrompt';

// Split by route and by feature: the landing page (the upload screen) loads only what it shows; every later
// screen, the login and pricing pages and the two large dialogs load when first needed (the service worker
// precaches all of them, so this costs nothing offline).
const AnalysisScreen = lazy(() =>
  import('../screens/analysis/AnalysisScreen').then((m) => ({ default: m.AnalysisScreen })),
);
const ModesScreen = lazy(() =>
  import('../screens/modes/ModesScreen').then((m) => ({ default: m.ModesScreen })),
);
const ProcessingScreen = lazy(() =>
  import('../screens/processing/ProcessingScreen').then((m) => ({ default: m.ProcessingScreen })),
);
const ResultsScreen = lazy(() =>
  import('../screens/results/ResultsScreen').then((m) => ({ default: m.ResultsScreen })),
);
const SuggestionsScreen = lazy(() =>
  import('../screens/suggestions/SuggestionsScreen').then((m) => ({ default: m.SuggestionsScreen })),
);
const FinalScreen = lazy(() =>
  import('../screens/final/FinalScreen').then((m) => ({ default: m.FinalScreen })),
);
const LoginScreen = lazy(() =>
  import('../screens/login/LoginScreen').then((m) => ({ default: m.LoginScreen })),
);
const PricingScreen = lazy(() =>
  import('../screens/pricing/PricingScreen').then((m) => ({ default: m.PricingScreen })),
);
const CompareDialog = lazy(() =>
  import('../dialogs/CompareDialog').then((m) => ({ default: m.CompareDialog })),
);
const StagingDialog = lazy(() =>
  import('../dialogs/StagingDialog').then((m) => ({ default: m.StagingDialog })),
);
const InsufficientCreditsDialog = lazy(() =>
  import('../dialogs/InsufficientCreditsDialog').then((m) => ({ default: m.InsufficientCreditsDialog })),
);

const ToastHost = lazy(() => import('../components/ToastHost').then((m) => ({ default: m.ToastHost })));

/** The toast host, mounted with the first notice or toast and kept from then on (sonner is not in the first load). */
function LazyToastHost() {
  const hasNotice = useAppState((s) => s.notice !== null);
  const toastWanted = useToastWanted();
  const [mounted, setMounted] = useState(false);
  if ((hasNotice || toastWanted) && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

/** The dialogs of the workflow, each mounted (and so loaded) only while it is open. */
function LazyDialogs() {
  const kind = useAppState((s) => s.overlay?.kind);
  return (
    <Suspense fallback={null}>
      {kind === 'compare' && <CompareDialog />}
      {kind === 'staging' && <StagingDialog />}
      {kind === 'insufficientCredits' && <InsufficientCreditsDialog />}
    </Suspense>
  );
}

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

/** The browser event that makes the app reload the balance (e.g. from another part of the page). */
const CREDIT_UPDATE_EVENT = 'creditUpdate';

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
  // When the control that led here is gone with the old view, keyboard and screen-reader users continue at the
  // new view's start instead of the page's end (where Tab would only reach the footer and the toasts).
  const screenRef = useRef<HTMLDivElement>(null);
  const firstView = useRef(true);
  // A block body: Chromium's scrollTo may return a promise, which React would take for the effect's cleanup.
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    const active = document.activeElement;
    if (active === null || active === document.body || !active.isConnected) {
      screenRef.current?.focus({ preventScroll: true });
    }
  }, [view]);
  return (
    <div className="page">
      <header className="hero">
        <h1>{t('upload.headline')}</h1>
        <p>{t('upload.subline')}</p>
      </header>
      <ProgressSteps step={step} fill={progressPercent(step)} />
      <div ref={screenRef} tabIndex={-1} className="screen-focus">
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
          <CurrentScreen />
        </Suspense>
      </div>
      <LazyDialogs />
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
        <OutboxPanel />
        <InstallPrompt />
        <ShareReceiver />
        <main id="main">
          <ErrorBoundary>
            <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
              <Routes>
                <Route path="/" element={<WorkflowPage />} />
                <Route path="/preise" element={<PricingScreen />} />
                <Route path="/login" element={<LoginScreen />} />
                <Route path="*" element={<NotFound />} />
              </Routes>
            </Suspense>
          </ErrorBoundary>
        </main>
        <TrustBadges />
        <StoragePanel />
        <LazyToastHost />
      </BrowserRouter>
    </ServicesContext.Provider>
  );
}
