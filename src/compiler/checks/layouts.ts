import { closest } from '../../language/suggest.ts';
import { type Diagnostic, error } from '../diagnostic.ts';
import { type Check, isRecord } from './context.ts';
import { matchRoute } from './routeIndex.ts';

/** funnel.layout and layoutGroups[].layout name layouts of app.layouts; 'default' exists if used. */
export const checkLayouts: Check = (ctx) => {
  if (!ctx.app || !isRecord(ctx.app.data.layouts)) return [];
  const app = ctx.app;
  const layouts = Object.keys(ctx.app.data.layouts);
  const out: Diagnostic[] = [];
  const check = (file: string, path: (string | number)[], name: unknown) => {
    if (typeof name !== 'string' || layouts.includes(name) || ctx.broken.mentions(name)) return;
    const suggestion = closest(name, layouts);
    const list = suggestion === undefined ? ` Layouts are defined under 'layouts:' in ${app.file.relPath}: ${layouts.join(', ')}.` : '';
    out.push(error(file, path, `Unknown layout '${name}'.${list}`, { suggestion }));
  };
  for (const funnel of ctx.funnels) check(funnel.file.relPath, ['layout'], funnel.data.layout);
  const groups = Array.isArray(app.data.layoutGroups) ? app.data.layoutGroups : [];
  groups.forEach((group, i) => {
    if (isRecord(group)) check(app.file.relPath, ['app', 'layoutGroups', i, 'layout'], group.layout);
  });

  if (!layouts.includes('default')) {
    const grouped = (path: string) =>
      groups.some((g) => isRecord(g) && Array.isArray(g.paths) && g.paths.some((p) => typeof p === 'string' && matchRoute(path, p)));
    const users = ctx.funnels.filter(
      (f) => f.data.layout === undefined && ctx.screens.some((s) => s.funnel === f.data && (s.route === undefined || !grouped(s.route))),
    );
    if (users.length > 0)
      out.push(
        error(
          app.file.relPath,
          ['app', 'layouts'],
          `There is no 'default' layout, but ${users.map((f) => f.file.relPath).join(', ')} ` +
            `${users.length === 1 ? 'has' : 'have'} no 'layout:' and so use${users.length === 1 ? 's' : ''} it. ` +
            `Add a 'default:' layout here, or give ${users.length === 1 ? 'that funnel' : 'those funnels'} a 'layout:'.`,
          { at: 'key', code: 'FL308' },
        ),
      );
  }
  return out;
};

/** `{ external: name }` names a link of app.links. */
export const checkExternalLinks: Check = (ctx) => {
  if (!ctx.app || !isRecord(ctx.app.data.links)) return [];
  const links = Object.keys(ctx.app.data.links);
  const out: Diagnostic[] = [];
  for (const { file, node } of ctx.nodes) {
    if (!node.roles.has('target') || !isRecord(node.data) || typeof node.data.external !== 'string') continue;
    const name = node.data.external;
    if (links.includes(name) || ctx.broken.mentions(name)) continue;
    const suggestion = closest(name, links);
    const list = suggestion === undefined ? ` Links are named under 'links:' in ${ctx.app.file.relPath}: ${links.join(', ')}.` : '';
    out.push(error(file.relPath, [...node.path, 'external'], `Unknown link '${name}'.${list}`, { suggestion }));
  }
  return out;
};
