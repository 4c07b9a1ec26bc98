import { AUDIENCE_FACT_FAMILIES, AUDIENCE_FIXED_FACTS, audienceMayRead } from '../../experiments/audience.ts';
import type { YamlPath } from '../diagnostic.ts';
import { type Diagnostic, error } from '../diagnostic.ts';
import { type Check, isRecord } from './context.ts';

/** Every `fact:` inside a condition, with its path. */
function factsIn(value: unknown, path: YamlPath, out: { fact: string; path: YamlPath }[] = []) {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) factsIn(v, [...path, i], out);
  else if (isRecord(value)) {
    if (typeof value.fact === 'string') out.push({ fact: value.fact, path: [...path, 'fact'] });
    for (const [key, v] of Object.entries(value)) if (key !== 'fact') factsIn(v, [...path, key], out);
  }
  return out;
}

const readable = [...AUDIENCE_FIXED_FACTS, ...AUDIENCE_FACT_FAMILIES.map((family) => `${family}.<name>`)].join(', ');

/**
 * An experiment's audience is decided when the page opens, before any screen shows, in the
 * browser and in the flag service alike: it can only read facts known then.
 */
export const checkAudiences: Check = (ctx) => {
  const out: Diagnostic[] = [];
  const data = ctx.experiments?.file.data;
  if (!isRecord(data) || !isRecord(data.flags)) return out;
  for (const [name, flag] of Object.entries(data.flags)) {
    if (!isRecord(flag) || !isRecord(flag.experiment)) continue;
    for (const { fact, path } of factsIn(flag.experiment.audience, ['flags', name, 'experiment', 'audience']))
      if (!audienceMayRead(fact))
        out.push(
          error(
            ctx.experiments!.file.relPath,
            path,
            `The audience of ${name} reads '${fact}', which is not known when the page opens, where the visitor's variant ` +
              `is decided. An audience can read ${readable}.`,
          ),
        );
  }
  return out;
};
