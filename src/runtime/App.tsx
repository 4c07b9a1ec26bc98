import { BrowserRouter } from 'react-router';
import { RuntimeContext } from './context.tsx';
import type { Runtime } from './runtime.ts';
import { Shell } from './ui/Shell.tsx';

export function App({ runtime }: { runtime: Runtime }) {
  return (
    <RuntimeContext.Provider value={runtime}>
      <BrowserRouter>
        <Shell />
      </BrowserRouter>
    </RuntimeContext.Provider>
  );
}
