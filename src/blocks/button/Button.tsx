import { useContext, useState } from 'react';
import { runActions } from '../../runtime/actions.ts';
import { ScreenSignal, useCopy, useInteractive, useRuntime } from '../../runtime/context.tsx';
import type { BlockProps } from '../types.ts';

export default function Button({ block }: BlockProps<'button'>) {
  const t = useCopy();
  const rt = useRuntime();
  const signal = useContext(ScreenSignal);
  const [busy, setBusy] = useState(false);
  const interactive = useInteractive();
  const run = async () => {
    setBusy(true);
    await runActions(block.actions, rt.services, { signal });
    if (!signal?.aborted) setBusy(false);
  };
  return (
    <p className="button-block">
      <button
        id={block.id}
        type="button"
        className={`button button--${block.style ?? 'primary'}`}
        disabled={busy || !interactive}
        onClick={() => void run()}
      >
        {t(block.label)}
      </button>
    </p>
  );
}
