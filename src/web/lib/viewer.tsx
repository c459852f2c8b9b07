import { createContext, type ReactNode, useContext } from 'react';
import type { Viewer } from '../../shared/navigation.ts';

const SIGNED_OUT: Viewer = { signedIn: false };

const ViewerContext = createContext<Viewer>(SIGNED_OUT);

/**
 * Who is using the site. Every screen that changes with the visitor's state (the navigation, the landing
 * page's button, the guards) reads it from here; the provider is fed by the session once accounts exist.
 */
export function ViewerProvider({ viewer = SIGNED_OUT, children }: { viewer?: Viewer; children: ReactNode }) {
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

export function useViewer(): Viewer {
  return useContext(ViewerContext);
}
