import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { RuntimeContext } from './context.tsx';
import type { Runtime } from './runtime.ts';
import { Shell } from './ui/Shell.tsx';

/** The app in the browser; `onReady` runs once its first render is on the page (hydrated or drawn). */
export function App({ runtime, onReady }: { runtime: Runtime; onReady?: () => void }) {
  useEffect(() => onReady?.(), [onReady]);
  return (
    <RuntimeContext.Provider value={runtime}>
      <BrowserRouter>
        <Shell />
      </BrowserRouter>
    </RuntimeContext.Provider>
  );
}
