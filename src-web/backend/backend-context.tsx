import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Backend } from '../../shared/backend/ports.ts';
import { loadConfiguredBackend } from './load-backend.ts';

type BackendLoader = () => Promise<Backend>;

const BackendContext = createContext<BackendLoader>(loadConfiguredBackend);

/** Lets a host (the desktop console, a test) give the screens another backend. */
export function BackendProvider({ load, children }: { load: BackendLoader; children: ReactNode }) {
  return <BackendContext.Provider value={load}>{children}</BackendContext.Provider>;
}

export function useBackendLoader(): BackendLoader {
  return useContext(BackendContext);
}

/** The backend once loaded, or null while it loads. */
export function useBackend(): Backend | null {
  const load = useBackendLoader();
  const [backend, setBackend] = useState<Backend | null>(null);
  useEffect(() => {
    let active = true;
    void load().then((loaded) => {
      if (active) setBackend(loaded);
    });
    return () => {
      active = false;
    };
  }, [load]);
  return backend;
}
