import { useEffect } from 'react';
import { useCopy, useObservable, useRuntime } from '../context.tsx';
import type { Notification } from '../notifications.ts';
import { RichText } from './RichText.tsx';
import { ResolvedLink } from './TargetLink.tsx';

const copyTexts = (t: (key: string) => string, keys: Record<string, string> | undefined) =>
  Object.fromEntries(Object.entries(keys ?? {}).map(([name, key]) => [name, t(key)]));

function Item({ n }: { n: Notification }) {
  const rt = useRuntime();
  const t = useCopy();
  const text = n.literal ? n.text : t(n.text, { ...n.params, ...copyTexts(t, n.copyParams) });
  const link = n.link;
  const dismiss = () => rt.notifications.dismiss(n.id);
  const { notifications } = rt;
  useEffect(() => notifications.appeared(n.id), [notifications, n.id]);
  const linked = (label: string) =>
    link ? (
      <ResolvedLink target={link.target} href={link.href} onNavigate={dismiss}>
        {label}
      </ResolvedLink>
    ) : (
      label
    );
  const hasSpan = text.includes('<link>');
  return (
    <div className={`toast toast--${n.level}`}>
      <p className="toast__text">
        <RichText text={text} renderLink={linked} />
        {link && !hasSpan && <> {linked(t(link.text))}</>}
      </p>
      <button type="button" className="toast__close" onClick={dismiss} aria-label={t(rt.config.app.notifications.closeLabel)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Notifications in live regions that are always in the page (so screen readers hear what is
 * added): errors and warnings assertively, the rest politely.
 */
export function Notifications() {
  const rt = useRuntime();
  const all = useObservable(rt.notifications);
  const urgent = all.filter((n) => n.level === 'error' || n.level === 'warning');
  const calm = all.filter((n) => n.level !== 'error' && n.level !== 'warning');
  return (
    <div className="toasts">
      <div role="alert" aria-live="assertive" aria-atomic="false">
        {urgent.map((n) => (
          <Item key={n.id} n={n} />
        ))}
      </div>
      <div role="status" aria-live="polite" aria-atomic="false">
        {calm.map((n) => (
          <Item key={n.id} n={n} />
        ))}
      </div>
    </div>
  );
}
