// Hands the app's long-lived services (see services.ts) to the screens through React context, so tests and
// pages can supply their own.

import { createContext, useContext } from 'react';
import { useWorkflow } from '../workflow/store';
import type { WorkflowState } from '../workflow/machine';
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
