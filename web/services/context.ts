// Hands the app's long-lived services (services.ts) to the screens through React context, so tests and pages
// can supply their own. Screens read the workflow with useAppState, start every effect through useActions and
// show stored photos and results through usePreview, useResult and useFinalImage.

import { createContext, useContext } from 'react';
import type { Actions } from '../workflow/actions';
import type { WorkflowState } from '../workflow/machine';
import { usePhotoUrl, useResultUrl, useStoredResult, type ResultUrlState } from '../workflow/previews';
import { useWorkflow } from '../workflow/store';
import type { AppServices } from './services';

export type { AppServices } from './services';

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside <ServicesContext.Provider>');
  return services;
}

export function useAppState<T>(select: (state: WorkflowState) => T): T {
  return useWorkflow(useServices().store, select);
}

/** The one way a screen starts an effect. */
export const useActions = (): Actions => useServices().actions;

/** Plain events with no effect (toggles, 'Zurück', overlays) go straight to the store. */
export const useDispatch = () => useServices().store.dispatch;

/** An object URL of a stored photo: its small preview for grids, or the original. */
export const usePreview = (imageId: string, kind: 'preview' | 'original' = 'preview'): string | null =>
  usePhotoUrl(useServices().previews, imageId, kind);

/** An object URL of a stored result (an enhanced photo's `enhancedKey`), null until it is read. */
export const useResult = (key: string | undefined): string | null =>
  useResultUrl(useServices().previews, key);

/** A final photo's result, or 'missing' when this device no longer holds it. */
export const useFinalImage = (key: string | undefined): ResultUrlState =>
  useStoredResult(useServices().previews, key);
