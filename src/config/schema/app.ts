import { z } from 'zod';
import { actionList } from './actions.ts';
import { copyKey, identifier, milliseconds, routePath } from './common.ts';
import { condition } from './conditions.ts';
import { callGroups, errorsByCall } from './outcomes.ts';
import { refersTo } from './roles.ts';
import { redirect } from './screen.ts';
import { strictObject } from './strict.ts';
import { target } from './targets.ts';

const headerOrFooterLink = strictObject({
  label: copyKey,
  when: condition.optional(),
  to: target.optional(),
  actions: actionList.optional(),
}).superRefine((v, ctx) => {
  if ((v.to === undefined) === (v.actions === undefined))
    ctx.addIssue({
      code: 'custom',
      message: "A header or footer link needs exactly one of 'to:' (where it leads) or 'actions:' (what it does).",
    });
});

/** A row of the route table: which paths it covers, and the redirect applied to them. */
const routeRule = strictObject({
  name: z.string().optional(),
  paths: z.array(routePath).min(1).optional(),
  pathContains: z.string().min(1).optional(),
  redirect,
}).superRefine((v, ctx) => {
  if ((v.paths === undefined) === (v.pathContains === undefined))
    ctx.addIssue({
      code: 'custom',
      message: "A route rule needs exactly one of 'paths:' (a list of paths) or 'pathContains:' (a piece of the path).",
    });
});

export const appFile = strictObject({
  version: z.literal(1, { error: 'This file is written for funnel language version 1: put `version: 1` at the top.' }),
  app: strictObject({
    productName: copyKey,
    defaultLocale: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
    /** Addresses outside the app, referred to as `{ external: name }`. */
    links: z.record(identifier, z.url({ error: 'Expected a full address starting with https://' })),
    /**
     * The domain the app's cookies are shared on with sibling sites (selected plan, plan tag,
     * experiment id...: spec §3), like codeling.example. Used only when the page is on it.
     */
    cookieDomain: z
      .string()
      .regex(/^\.?([a-z0-9-]+\.)+[a-z]{2,}$/, 'Expected a domain like codeling.example.')
      .optional(),
    /** Header and footer styles; each screen uses its funnel's layout, or `default`. */
    layouts: z.record(identifier, strictObject({ header: z.enum(['standard', 'class']), footer: z.enum(['standard', 'class']) })),
    /** Paths whose header and footer take another layout whatever their funnel. */
    layoutGroups: z.array(strictObject({ layout: refersTo('layout', identifier), paths: z.array(routePath).min(1) })).optional(),
    header: strictObject({ links: z.array(headerOrFooterLink) }),
    footer: strictObject({ texts: z.array(copyKey), links: z.array(headerOrFooterLink).optional() }),
    /** The route table: applied in order before a screen's own redirects. */
    routeRules: z.array(routeRule),
    /** Screen shown for any path no screen or rule claims. */
    notFound: refersTo('screen', identifier),
    loadingText: copyKey,
    scrollToTopOnRouteChange: z.boolean(),
    notifications: strictObject({ defaultMs: milliseconds, closeLabel: copyKey }),
    infoPopup: strictObject({ ok: copyKey }),
    sessionWatch: strictObject({
      everyMs: milliseconds,
      /** Path prefixes on which a lost session opens the popup. */
      privatePaths: z.array(routePath).min(1),
      popup: copyKey,
      then: target,
    }),
    /** Actions run on every page load before routing (UTM capture is built in). */
    onStart: actionList.optional(),
    /** Names for calls that fail alike, used as keys of `errors:` (the calls that take a card). */
    callGroups: callGroups.optional(),
    /**
     * What the parent reads when a call fails, per call or group and per outcome (its message
     * keys, noAnswer, default). A call's own entry goes before its group's; a funnel's call may
     * override an outcome with its own `errors:` (docs/funnel-language.md, 'When a call fails').
     */
    errors: errorsByCall.optional(),
  }),
});
export type AppFile = z.infer<typeof appFile>;
export type AppConfig = AppFile['app'];
