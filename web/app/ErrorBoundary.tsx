// The last line of defence: a render error shows a German message and a reload button instead of a blank
// page. The photos are safe in IndexedDB, so reloading loses nothing.

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../i18n/de';

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('raumglanz: render failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="error-page card" role="alert">
        <h1>{t('app.crashed')}</h1>
        <p>{t('app.crashedHint')}</p>
        <button type="button" className="button" onClick={() => location.reload()}>
          {t('app.reload')}
        </button>
      </div>
    );
  }
}
