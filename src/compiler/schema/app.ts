import { z } from 'zod';
import { actionList } from '../../language/schema/actions.ts';
import { copyKey, identifier, languageVersion, milliseconds, placeholderName, routePath } from '../../language/schema/common.ts';
import { condition } from '../../language/schema/conditions.ts';
import { callGroups, errorsByCall } from '../../language/schema/outcomes.ts';
import { refersTo } from '../../language/schema/roles.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { target } from '../../language/schema/targets.ts';
import { redirect } from './screen.ts';

const headerOrFooterLink = strictObject({
  label: copyKey.describe("The link's text."),
  when: condition.optional().describe('Shows the link only when this condition holds (a logged-in parent, say).'),
  to: target.optional().describe("Where it leads (or 'actions:')."),
  actions: actionList.optional().describe("What a click does (or 'to:')."),
}).superRefine((v, ctx) => {
  if ((v.to === undefined) === (v.actions === undefined))
    ctx.addIssue({
      code: 'custom',
      message: "A header or footer link needs exactly one of 'to:' (where it leads) or 'actions:' (what it does).",
    });
});

const headerOrFooterStyle = z.enum(['standard', 'class']);

/** `common:stepProgress: [n, m]`: a text the shell shows by itself, with the placeholders it fills. */
const shellTexts = z.record(
  copyKey,
  z
    .array(placeholderName, { error: 'Expected the list of its placeholders, like [n, m], or [] for none.' })
    .describe('The placeholders the app fills in this text, like [n, m]; [] for none. Every language keeps each of them.'),
);

/** A row of the route table: which paths it covers, and the redirect applied to them. */
const routeRule = strictObject({
  name: z.string().optional().describe('What the rule is for, in a few words (for people).'),
  paths: z.array(routePath).min(1).optional().describe("The paths it covers (or 'pathContains:')."),
  pathContains: z.string().min(1).optional().describe("Covers every path containing this (or 'paths:')."),
  redirect: redirect.describe('Where those paths are sent, and when.'),
}).superRefine((v, ctx) => {
  if ((v.paths === undefined) === (v.pathContains === undefined))
    ctx.addIssue({
      code: 'custom',
      message: "A route rule needs exactly one of 'paths:' (a list of paths) or 'pathContains:' (a piece of the path).",
    });
});

export const appFile = strictObject({
  version: languageVersion,
  app: strictObject({
    productName: copyKey.describe("The product's name, after each browser tab title."),
    defaultLocale: z
      .string()
      .regex(/^[a-z]{2}(-[A-Z]{2})?$/)
      .describe('The language shown first and compared with the others: a folder of copy/, like en.'),
    head: strictObject({
      description: copyKey.describe('What search engines and link previews say of the app (the meta description of every page).'),
      themeColor: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/, 'Expected a colour like #3b2a85.')
        .describe("The colour of a phone browser's toolbar (meta theme-color), like #3b2a85."),
      icon: z
        .string()
        .regex(/^\/[\w./-]+\.(svg|png|ico)$/, 'Expected the path of a file of public/, like /favicon.svg.')
        .describe("The browser tab's icon: a file of public/ (an .svg, .png or .ico), like /favicon.svg."),
    })
      .optional()
      .describe("What every page's HTML says of the app: its description, theme colour and icon."),
    links: z
      .record(identifier, z.url({ error: 'Expected a full address starting with https://' }))
      .describe('Addresses outside the app, by name: targets refer to them as { external: name }.'),
    cookieDomain: z
      .string()
      .regex(/^\.?([a-z0-9-]+\.)+[a-z]{2,}$/, 'Expected a domain like codeling.example.')
      .optional()
      .describe(
        "The domain the app's cookies are shared on with sibling sites (selected plan, plan tag...), like codeling.example; " +
          'used only when the page is on it.',
      ),
    layouts: z
      .record(
        identifier,
        strictObject({
          header: headerOrFooterStyle.describe('standard or class.'),
          footer: headerOrFooterStyle.describe('standard or class.'),
        }),
      )
      .describe("Header and footer styles by name; each screen uses its funnel's layout, or default."),
    layoutGroups: z
      .array(
        strictObject({
          layout: refersTo('layout', identifier).describe('The layout of these paths.'),
          paths: z.array(routePath).min(1).describe('The paths.'),
        }),
      )
      .optional()
      .describe('Paths whose header and footer take another layout, whatever their funnel.'),
    header: strictObject({ links: z.array(headerOrFooterLink).describe("The header's links.") }).describe('The page header.'),
    footer: strictObject({
      texts: z.array(copyKey).describe("The footer's lines of text."),
      links: z.array(headerOrFooterLink).optional().describe("The footer's links."),
    }).describe('The page footer.'),
    routeRules: z.array(routeRule).describe("The route table: redirects applied in order, before a screen's own."),
    notFound: refersTo('screen', identifier).describe('The screen shown for any path no screen or route rule claims.'),
    loadingText: copyKey.describe('Shown while a screen loads.'),
    shellTexts: shellTexts.describe(
      'The texts the app shell shows by itself (the skip link, the step counter, the error pages...), each with the ' +
        'placeholders it fills, like common:stepProgress: [n, m]. Keep every one, with its placeholders: the app needs them.',
    ),
    scrollToTopOnRouteChange: z.boolean().describe('Scrolls to the top when the page changes.'),
    notifications: strictObject({
      defaultMs: milliseconds.describe('How long a notification stays, in milliseconds, unless it says.'),
      closeLabel: copyKey.describe("The close button's label (for screen readers)."),
    }).describe('Notifications at the top of the page.'),
    infoPopup: strictObject({ ok: copyKey.describe("The popup's OK button.") }).describe('The popup of do: popup.'),
    sessionWatch: strictObject({
      everyMs: milliseconds.describe('How often the session is checked, in milliseconds.'),
      privatePaths: z.array(routePath).min(1).describe('Path prefixes on which a lost session opens the popup.'),
      popup: copyKey.describe("The popup's message."),
      then: target.describe('Where the popup leads.'),
    }).describe("What happens when a parent's session ends on a private page (logged out in another tab, say)."),
    onStart: actionList.optional().describe('What runs on every page load, before routing (UTM capture is built in).'),
    callGroups: callGroups.optional().describe("Names for calls that fail alike (the calls that take a card), used as keys of 'errors:'."),
    errors: errorsByCall
      .optional()
      .describe("What the parent reads when a call fails, per call or group and per outcome; a call's own errors: go first."),
  }).describe('The app shell: header, footer, layouts, the route table and what every page shares.'),
}).describe('The app file: what every page shares.');
export type AppFile = z.infer<typeof appFile>;
export type AppConfig = AppFile['app'];
