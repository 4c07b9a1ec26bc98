import { closest } from '../../language/suggest.ts';
import { type Diagnostic, error } from '../diagnostic.ts';
import { type Check, lineOf, type ScreenDef } from './context.ts';

/** Screen ids, screen paths and funnel names are each used once across all funnel files. */
export const checkDuplicates: Check = (ctx) => {
  const out: Diagnostic[] = [];
  const byId = new Map<string, ScreenDef>();
  const byRoute = new Map<string, ScreenDef>();
  for (const screen of ctx.screens) {
    if (screen.id !== undefined) {
      const first = byId.get(screen.id);
      if (first)
        out.push(
          error(
            screen.file.relPath,
            [...screen.path, 'id'],
            `Screen id '${screen.id}' is already used by the screen in ${lineOf(first.file, [...first.path, 'id'])}. ` +
              'Each screen needs its own id.',
          ),
        );
      else byId.set(screen.id, screen);
    }
    if (screen.route !== undefined) {
      const first = byRoute.get(screen.route);
      if (first)
        out.push(
          error(
            screen.file.relPath,
            [...screen.path, 'path'],
            `The path '${screen.route}' already belongs to the screen in ${lineOf(first.file, [...first.path, 'path'])}. ` +
              'Each path can have only one screen.',
          ),
        );
      else byRoute.set(screen.route, screen);
    }
  }
  const funnels = new Map<string, (typeof ctx.funnels)[number]>();
  for (const funnel of ctx.funnels) {
    const name = funnel.data.funnel;
    if (typeof name !== 'string') continue;
    const first = funnels.get(name);
    if (first)
      out.push(
        error(
          funnel.file.relPath,
          ['funnel'],
          `The funnel name '${name}' is already used by ${first.file.relPath}. Each funnel needs its own name.`,
        ),
      );
    else funnels.set(name, funnel);
  }
  return out;
};

/** app.notFound names an existing screen. */
export const checkNotFound: Check = (ctx) => {
  const name = ctx.app?.data.notFound;
  if (!ctx.app || typeof name !== 'string') return [];
  const ids = ctx.screens.flatMap((s) => (s.id === undefined ? [] : [s.id]));
  if (ids.includes(name) || ctx.broken.mentions(name)) return [];
  const suggestion = closest(name, ids);
  const end = suggestion === undefined ? '; add that screen to a funnel.' : '.';
  return [
    error(
      ctx.app.file.relPath,
      ['app', 'notFound'],
      `No screen has the id '${name}'. 'notFound:' names the screen shown for paths the app does not know${end}`,
      { suggestion },
    ),
  ];
};

/** A screen's `step:` needs its funnel's `progress:` and must not be beyond its step count. */
export const checkSteps: Check = (ctx) => {
  const out: Diagnostic[] = [];
  for (const screen of ctx.screens) {
    const step = screen.data.step;
    if (typeof step !== 'number') continue;
    const progress = screen.funnel.progress;
    const steps = progress !== null && typeof progress === 'object' ? (progress as { steps?: unknown }).steps : undefined;
    const count = typeof steps === 'number' ? steps : Array.isArray(steps) ? steps.length : undefined;
    if (progress === undefined)
      out.push(
        error(
          screen.file.relPath,
          [...screen.path, 'step'],
          `This screen is step ${step} of its funnel, but the funnel has no 'progress:'. ` +
            "Add 'progress: { steps: N }' at the top of the funnel file, or remove 'step:'.",
        ),
      );
    else if (count !== undefined && step > count)
      out.push(
        error(
          screen.file.relPath,
          [...screen.path, 'step'],
          `Step ${step} is beyond the ${count} steps of this funnel's 'progress:'. Use a step from 1 to ${count}.`,
        ),
      );
  }
  return out;
};
