import { useEffect, useEffectEvent, useState } from 'react';
import type { Block } from '../../blocks/schemas.ts';
import type { CompiledScreen } from '../../compiler/compiled.ts';
import { evaluateCondition } from '../../language/evaluate/conditions.ts';
import { runActions } from '../actions.ts';
import { ScreenSignal, useCopy, useFacts, useRuntime } from '../context.tsx';
import { Blocks } from './Blocks.tsx';
import { Progress } from './Progress.tsx';

/**
 * One screen: its step progress, its blocks (or the first variant whose `when:` holds), the
 * tab title, and its `onEnter` actions, run once per visit and dropped when the parent leaves.
 * The shell keys it by the visit: each visit mounts a new one, with its own abort signal. A
 * screen replaced during the visit (`npm run dev`, after a save) re-renders; its `onEnter` runs
 * at the next visit.
 */
export function ScreenView({ screen }: { screen: CompiledScreen }) {
  const rt = useRuntime();
  const t = useCopy();
  const facts = useFacts();
  const [controller] = useState(() => new AbortController());

  const enter = useEffectEvent(() => void runActions(screen.onEnter, rt.services, { signal: controller.signal }));
  useEffect(() => {
    enter();
    return () => controller.abort();
  }, [controller]);

  const product = t(rt.config.app.productName);
  const title = screen.title ? t('common:documentTitle', { title: t(screen.title), product }) : product;
  useEffect(() => {
    document.title = title;
  }, [title]);

  // The compiler checked them against the registry the build handed it (vite.config.ts): this one's blocks.
  const blocks = (screen.variants?.find((v) => evaluateCondition(v.when, facts))?.blocks ?? screen.blocks) as unknown as readonly Block[];
  return (
    <ScreenSignal.Provider value={controller.signal}>
      <div className={`screen screen--${screen.id}`}>
        {screen.progress && <Progress progress={screen.progress} />}
        <Blocks blocks={blocks} />
      </div>
    </ScreenSignal.Provider>
  );
}
