import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { Target } from '../../language/schema/targets.ts';
import { useFacts, useRuntime } from '../context.tsx';
import { buildHref, type ResolvedTarget, resolveTarget } from '../targets.ts';

const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/** A resolved target as a link: a route through the router, another site through location.assign. */
export function ResolvedLink(props: {
  target: ResolvedTarget;
  href: string;
  className?: string | undefined;
  children: ReactNode;
  onNavigate?: () => void;
}) {
  const rt = useRuntime();
  if (props.target.kind === 'internal')
    return (
      <Link to={props.href} className={props.className} onClick={props.onNavigate}>
        {props.children}
      </Link>
    );
  const leave = (e: MouseEvent) => {
    if (!plainClick(e)) return;
    e.preventDefault();
    props.onNavigate?.();
    rt.browser.assign(props.href);
  };
  return (
    <a href={props.href} className={props.className} onClick={leave}>
      {props.children}
    </a>
  );
}

/** A config target (path, external link, state-held path or cases) as a link; plain text if it leads nowhere. */
export function TargetLink(props: { to: Target; keepQuery?: boolean | undefined; className?: string | undefined; children: ReactNode }) {
  const rt = useRuntime();
  const facts = useFacts();
  const { search } = useLocation();
  const target = resolveTarget(props.to, facts, rt.config.app.links);
  if (!target) return <span className={props.className}>{props.children}</span>;
  return (
    <ResolvedLink
      target={target}
      href={buildHref(target, { keepQuery: props.keepQuery, currentSearch: search })}
      className={props.className}
    >
      {props.children}
    </ResolvedLink>
  );
}
