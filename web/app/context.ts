// The app's long-lived services (the device database and the workflow store), made once and handed to
// screens through React context so tests and pages can supply their own.

import { createContext, useContext } from 'react';
import { AppDb } from '../data/db';
import { createWorkflowStore, useWorkflow, type WorkflowStore } from '../workflow/store';
import type { WorkflowState } from '../workflow/machine';

export interface AppServices {
  db: AppDb;
  store: WorkflowStore;
}

export function createServices(): AppServices {
  const db = new AppDb();
  return { db, store: createWorkflowStore(db) };
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside <ServicesContext.Provider>');
  return services;
}

export function useAppState<T>(select: (state: WorkflowState) => T): T {
  return useWorkflow(useServices().store, select);
}
