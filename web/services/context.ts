// Hands the app's long-lived services (services.ts) to the screens through React context, so tests and pages
// can supply their own. Screens read the workflow with useAppState and start every effect through useActions.

import { createContext, useContext } from 'react';
import type { Actions } from '../workflow/actions';
import type { WorkflowState } from '../workflow/machine';
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
