import { useCopy, useFacts } from '../../runtime/context.tsx';
import { readValue } from '../../runtime/values.ts';
import type { BlockProps } from '../types.ts';
import { codesOf } from './codes.ts';

/** The codes a purchase gave, one per line (src/blocks/codeList/schema.ts). */
export default function CodeList({ block }: BlockProps<'codeList'>) {
  const t = useCopy();
  const facts = useFacts();
  const codes = codesOf(readValue(block.codes, facts));
  if (codes.length === 0) return null;
  const titleId = `${block.id ?? 'codes'}-title`;
  return (
    <section id={block.id} className="list-block" aria-labelledby={titleId}>
      <h2 id={titleId} className="block-title">
        {t(block.title)}
      </h2>
      <ul className="list list--bullet">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
