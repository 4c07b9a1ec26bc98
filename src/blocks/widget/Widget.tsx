import { useEffect, useRef, useState } from 'react';
import { probeWidget, type WidgetStatus, watchFrame } from '../../adapters/widgets/widget.ts';
import { useCopy, useFacts, useRuntime } from '../../runtime/context.tsx';
import { readValueMap, toCopyParams } from '../../runtime/values.ts';
import type { BlockProps } from '../types.ts';
import './classes.css';

/** A scheduling / booking widget in a frame, or a clear fallback when it cannot load. */
export default function Widget({ block }: BlockProps<'widget'>) {
  const t = useCopy();
  const rt = useRuntime();
  const facts = useFacts();
  const [status, setStatus] = useState<WidgetStatus>('loading');
  const [probed, setProbed] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    setProbed(false);
    void probeWidget(block.url, { timeoutMs: block.timeoutMs, signal: controller.signal }).then((ok) => {
      if (controller.signal.aborted) return;
      if (ok) setProbed(true);
      else setStatus('failed');
    });
    return () => controller.abort();
  }, [block.url, block.timeoutMs]);

  useEffect(() => {
    if (!probed || !frame.current) return;
    return watchFrame(frame.current, setStatus, block.timeoutMs);
  }, [probed, block.timeoutMs]);

  const params = toCopyParams(readValueMap(block.params, facts));
  const title = t(block.title, params);
  return (
    <section id={block.id} className={`widget widget--${status}`} data-widget-status={status}>
      {status === 'loading' && (
        <p className="loading" role="status">
          {t(block.loading ?? rt.config.app.loadingText)}
        </p>
      )}
      {status === 'failed' ? (
        <div className="notice notice--warning" role="alert">
          <p>{t(block.fallback, params)}</p>
          <p>
            <a className="button button--secondary" href={block.url} target="_blank" rel="noopener noreferrer">
              {t(block.open, params)}
            </a>
          </p>
        </div>
      ) : (
        probed && (
          <iframe
            ref={frame}
            className="widget__frame"
            title={title}
            src={block.url}
            loading="eager"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        )
      )}
    </section>
  );
}
