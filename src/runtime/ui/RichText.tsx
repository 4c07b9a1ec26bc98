import type { ReactNode } from 'react';
import type { Target } from '../../language/schema/targets.ts';
import { splitLink } from '../copy.ts';
import { TargetLink } from './TargetLink.tsx';

/**
 * Translated copy with its one `<link>…</link>` span made a link to `to` (text and notice
 * blocks' `link:`). Without a target the span shows as plain text. There is at most one link
 * part, so 'link' is its key.
 */
export function RichText(props: { text: string; to?: Target | undefined; renderLink?: (text: string) => ReactNode }) {
  return (
    <>
      {splitLink(props.text).map((part) =>
        !part.link ? (
          part.text
        ) : props.renderLink ? (
          <span key="link">{props.renderLink(part.text)}</span>
        ) : props.to !== undefined ? (
          <TargetLink key="link" to={props.to}>
            {part.text}
          </TargetLink>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
