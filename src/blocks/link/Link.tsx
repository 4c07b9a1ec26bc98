import { useCopy } from '../../runtime/context.tsx';
import { TargetLink } from '../../runtime/ui/TargetLink.tsx';
import type { BlockProps } from '../types.ts';

const classes = { link: 'link', button: 'button button--primary', back: 'link link--back' } as const;

export default function Link({ block }: BlockProps<'link'>) {
  const t = useCopy();
  return (
    <p id={block.id} className="link-block">
      <TargetLink to={block.to} keepQuery={block.keepQuery} className={classes[block.style ?? 'link']}>
        {t(block.label)}
      </TargetLink>
    </p>
  );
}
