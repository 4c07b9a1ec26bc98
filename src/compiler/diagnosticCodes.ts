/**
 * Every kind of mistake `npm run check` reports, each under a permanent name (FL101...) with
 * the three texts of its page in docs/errors.md (written from this list by
 * scripts/errors-doc.ts). A code never changes meaning: a new kind of mistake gets a new code,
 * and a code no check reports any more stays listed (say so in its texts).
 *
 * Codes are numbered by family:
 *   FL0xx  files and YAML: folders, file names, syntax, what kind of file it is
 *   FL1xx  a file's fields: what the schema of its kind allows
 *   FL2xx  templates and the funnels that use them
 *   FL3xx  screens, paths, redirects and layouts
 *   FL4xx  conditions, stored values, calls, forms and payments
 *   FL5xx  copy: keys, translations, placeholders
 *   FL6xx  the catalog: partners and offers
 */
export interface DiagnosticCodeInfo {
  /** A few words, the heading of its page after the code. Plain words only: it makes the anchor. */
  title: string;
  /** "What happened": the mistake, as the author sees it. */
  what: string;
  /** "Why": why the checker refuses it (what would go wrong for parents). */
  why: string;
  /** "How to fix". */
  fix: string;
  /** A small YAML example for "How to fix", where one helps. */
  example?: string;
}

export const diagnosticCodes = {
  // FL0xx: files and YAML ------------------------------------------------------------------
  FL001: {
    title: 'Folder missing',
    what: 'The funnels folder or the copy folder the checker was told to read does not exist.',
    why: 'Without the funnel files and the copy files there is no app to check or build.',
    fix:
      'Create the folder, or point the checker at the right one: `npm run check -- --funnels funnels --copy copy` (or ' +
      'set FUNNELS_DIR and COPY_DIR).',
  },
  FL002: {
    title: 'File ends in yml',
    what: 'A file in the funnels or copy folder ends in `.yml`.',
    why: 'Only files ending in `.yaml` are read, so everything in this file would be silently left out.',
    fix: 'Rename the file so that it ends in `.yaml`.',
  },
  FL003: {
    title: 'Copy file in the wrong folder',
    what: 'A copy file is not directly inside a language folder.',
    why: 'The folder a copy file is in says which language its texts are; a file elsewhere has no language.',
    fix: 'Move it to `copy/<language>/<namespace>.yaml`, like `copy/en/login.yaml`.',
  },
  FL004: {
    title: 'Not a language folder',
    what: 'A folder of the copy folder is not named like a language.',
    why: 'The folder name is the language the texts are shown in: it must be a language code.',
    fix: 'Name the folder with a language code such as `en`, `es` or `pt-BR`.',
  },
  FL005: {
    title: 'Copy file name not allowed',
    what: "A copy file's name cannot be used as a copy namespace (the part of a copy key before the colon).",
    why: 'Funnels name texts as `namespace:key`; the file name is that namespace, so it must be a plain name.',
    fix: 'Rename the file with letters, digits and dashes, starting with a lower-case letter, like `login.yaml` or `add-classes.yaml`.',
  },
  FL010: {
    title: 'YAML syntax error',
    what:
      'The file is not valid YAML at the place shown: a quote or bracket left open, a tab, a missing colon, a line ' +
      'out of line with the others.',
    why:
      'A file that cannot be read cannot be checked at all, and nothing it defines exists for the rest of the ' +
      'project. Only the first syntax error of a file is shown, as later ones often follow from it.',
    fix: 'Fix the line the message points at (the message says what YAML expected there), then run the check again.',
    example: 'text: "promo:title      # the quote is never closed\ntext: "promo:title"     # fixed',
  },
  FL011: {
    title: 'Duplicate key',
    what: 'The same key appears twice in one group of fields.',
    why: 'YAML keeps only one of the two values, so one of them would be silently lost.',
    fix: 'Keep one of the two lines; often one of them is meant to be a different key, or belongs one level deeper or shallower.',
  },
  FL012: {
    title: 'Alias inside its own anchor',
    what: 'A `*name` alias is used inside the very part of the file that `&name` marks.',
    why: 'An alias repeats what its anchor names; used inside it, the content would contain itself without end.',
    fix:
      'Usually a line indented too far moved into the anchored part: move it left to where it belongs. ' +
      'Otherwise write the content out instead of the alias.',
  },
  FL020: {
    title: 'Unknown kind of file',
    what:
      "A file of the funnels folder has none of the top-level keys that say what it is: 'app:', 'flags:', 'funnel:', " +
      "'use:', 'catalog:' or 'template:'. Or it is empty.",
    why: 'The kind of a file decides how it is checked; a file of no known kind is not used at all.',
    fix: 'Start the file with `version: 1` and the key of its kind; a misspelt key gets a suggestion.',
    example: 'version: 1\nfunnel: summer\nscreens:\n  - id: summerHome\n    path: /summer\n    blocks: []',
  },
  FL021: {
    title: 'Two kinds in one file',
    what: "A file has the top-level keys of two kinds of file, like both 'funnel:' and 'catalog:'.",
    why: 'Each file is one thing, checked as that thing.',
    fix: 'Split it into two files, one per kind.',
  },
  FL022: {
    title: 'Second app experiments or catalog file',
    what: 'There is more than one app file, experiments file or catalog file.',
    why: 'The app, the experiments and the catalog are each defined in one place, so that no two files can disagree.',
    fix: "Move everything under the second file's 'app:', 'flags:' or 'catalog:' into the first file, and delete the second.",
  },
  FL023: {
    title: 'No app file',
    what: "No file of the funnels folder has 'app:'.",
    why: 'The app file holds the header, footer, route table, links and layouts every screen uses.',
    fix: 'Add `funnels/app.yaml` with `version: 1` and `app:`.',
  },
  FL030: {
    title: 'Funnel map out of date',
    what: 'A map in docs/funnels/ is missing, differs from what the funnels say now, or belongs to a funnel file that is gone.',
    why: 'The maps are how people read the funnels without opening every file; a stale map would show pages and links that are not there.',
    fix: 'Run `npm run map` and commit what it writes.',
  },
  FL031: {
    title: 'JSON Schemas out of date',
    what:
      "A JSON Schema in schemas/ is missing, differs from what the funnel language and the project's names (copy keys, paths, " +
      'flags, templates...) make of it now, or belongs to nothing any more; or the mapping of files to schemas in ' +
      '.vscode/settings.json is out of date.',
    why:
      'Editors complete and check the funnel and copy files from these schemas while you type: a stale one would offer ' +
      'names that are gone and mark new ones as mistakes.',
    fix: 'Run `npm run schema` and commit what it writes.',
  },

  // FL1xx: a file's fields -----------------------------------------------------------------
  FL101: {
    title: 'Unknown field',
    what: 'A field name is not one this place allows: usually a typo, or a line indented under the wrong item.',
    why: 'An unknown field would be silently ignored, and the screen would not do what was written.',
    fix:
      'Use the suggested name, or the list of fields the message gives. When the name is right, check the ' +
      'indentation: a key indented under the previous action or block belongs to it.',
    example: '- type: heading\n  txt: signup:title    # Unknown field\n- type: heading\n  text: signup:title   # fixed',
  },
  FL102: {
    title: 'Missing field',
    what: 'A field this place needs is not there.',
    why: 'Without it the block, action or file cannot work (a heading without its text, a screen without its path).',
    fix: 'Add the field the message names, with a value.',
  },
  FL103: {
    title: 'Wrong type of value',
    what:
      'A value is of the wrong kind: a text where a list is expected, a number where a text is expected, a single ' +
      'value where a group of fields is expected.',
    why: 'The app reads each field as one kind of value; another kind would break the page.',
    fix:
      'Write the value as the message describes. A list is written with `- ` items or `[a, b]`; a group of fields as ' +
      'indented `key: value` lines.',
  },
  FL104: {
    title: 'Unknown value',
    what: 'A value is not one of the values this field allows, like an unknown block type, action or rule.',
    why: 'Only the listed values mean something to the app.',
    fix: 'Use the suggested value or one of those the message lists.',
    example: '- type: hedaing   # Unknown block type\n- type: heading   # fixed',
  },
  FL105: {
    title: 'Badly formed value',
    what: 'A value does not have the form this field needs, like a path without its leading slash or a copy key without its namespace.',
    why: 'Paths, copy keys, ids and dates are matched exactly; a malformed one can never match.',
    fix: 'Write it in the form the message gives; for a path, use the suggestion (lower case, dashes, a leading slash).',
    example: 'path: Sign Up   # not a path\npath: /sign-up  # fixed',
  },
  FL106: {
    title: 'Too short too long or out of range',
    what: 'A list, text or number is smaller or larger than this field allows (an empty list, an empty text, a number out of range).',
    why: 'The app needs at least (or at most) that much to show the screen properly.',
    fix: 'Add or remove items, or change the number, as the message says.',
  },
  FL107: {
    title: 'Name not allowed',
    what: 'A name used as a key (a copy key, a flag, a link name...) has characters that are not allowed there.',
    why: 'These names are referred to from other files, so they are kept to a simple form.',
    fix: 'Rename it with letters, digits and the characters the message allows.',
  },
  FL108: {
    title: 'Schema rule broken',
    what: 'A field breaks a rule of this kind of file that is more than its type, such as two fields that cannot be used together.',
    why: 'The message says what the rule protects.',
    fix: 'Do what the message says.',
  },

  // FL2xx: templates -----------------------------------------------------------------------
  FL201: {
    title: 'Undeclared template parameter',
    what: `A template's \`produces:\` uses a \`\${name}\` that is not declared under its \`params:\`.`,
    why: 'An undeclared parameter could never be given a value, so the funnels made from the template would show an empty value there.',
    fix: 'Declare the parameter under `params:` with its type and description, or fix the name.',
    example: 'params:\n  title: { type: copyKey, description: the heading of the landing page }',
  },
  FL202: {
    title: 'Template parameter never used',
    what: 'A template declares a parameter under `params:` that its `produces:` never uses.',
    why: 'Funnels would have to give a value that changes nothing.',
    fix: `Use it in \`produces:\` as \`\${name}\`, or remove it from \`params:\`.`,
  },
  FL203: {
    title: 'Wrong funnel from a template',
    what:
      "A funnel file that uses a template (`use:`) has other top-level keys than 'version:', 'use:', 'description:' " +
      "and 'with:', or lacks one it needs.",
    why: 'Such a funnel is made entirely from its template; its own values go under `with:`.',
    fix: 'Put the values under `with:`.',
    example: 'version: 1\nuse: partner\nwith:\n  id: brightkids\n  name: BrightKids',
  },
  FL204: {
    title: 'Unknown template',
    what: 'A funnel uses a template (`use:`) that no file of `funnels/templates/` defines.',
    why: 'There is nothing to make the funnel from.',
    fix: 'Use the suggested name, or one of the templates the message lists.',
  },
  FL205: {
    title: 'Unknown template parameter',
    what: 'A funnel gives a value under `with:` for a parameter its template does not have.',
    why: 'The value would be ignored: usually the parameter name is misspelt.',
    fix: "Use the suggested name, or one of the parameters the message lists (see the template's `params:`).",
  },
  FL206: {
    title: 'Wrong template parameter value',
    what: "A value under `with:` is not of the parameter's type (a text where a number is needed, a malformed copy key...).",
    why: 'The template would produce a broken funnel.',
    fix: 'Write a value of the type the template declares for it.',
  },
  FL207: {
    title: 'Missing template parameter',
    what: 'A funnel made from a template does not give a value for a parameter the template needs.',
    why: 'The template cannot produce its screens without it.',
    fix: 'Add the parameter under `with:`; the message says what it is for.',
  },

  // FL3xx: screens, paths, redirects and layouts ---------------------------------------------
  FL301: {
    title: 'Name used twice',
    what: 'Two screens have the same id or the same path, or two funnels the same name.',
    why: 'Ids, paths and funnel names each identify one thing across all funnel files; a second one would hide the first.',
    fix: 'Give one of them another id, path or name. The message says where the first one is.',
  },
  FL302: {
    title: 'Unknown not found screen',
    what: "The app's `notFound:` names a screen id that no funnel defines.",
    why: 'Parents who open a path the app does not know would see nothing.',
    fix: 'Use the id of an existing screen (the suggestion), or add that screen to a funnel.',
  },
  FL303: {
    title: 'Step without progress',
    what: "A screen has `step:` but its funnel has no `progress:`, or the step is beyond the funnel's number of steps.",
    why: 'The progress bar would show a step that does not exist.',
    fix: "Add `progress: { steps: N }` at the top of the funnel file, or correct or remove the screen's `step:`.",
  },
  FL304: {
    title: 'Unknown path',
    what: 'A link, button, redirect, route rule or header link leads to a path that no screen and no route rule has.',
    why: 'Parents following it would land on the not-found page.',
    fix: 'Use the suggested path, or add a screen with this path.',
    example: 'to: /sigup    # No screen has this path\nto: /signup   # fixed',
  },
  FL305: {
    title: 'Layout group path unknown',
    what: "A path in the app's `layoutGroups:` is not the path of any screen or route rule (a warning).",
    why: 'The group does nothing for that path; it is probably misspelt or the screen was removed.',
    fix: 'Correct the path or remove it from the group.',
  },
  FL306: {
    title: 'Redirect loop',
    what: 'Redirects send a visitor round in a loop (A to B and B back to A) under conditions that can hold at the same time.',
    why: 'The browser would go back and forth and parents would never see a page.',
    fix: "Add a `when:` to one of the redirects that excludes the other's condition, or send it somewhere else.",
  },
  FL307: {
    title: 'Unknown layout',
    what: "A funnel's `layout:` or a layout group names a layout that the app file does not define.",
    why: 'The screens would have no header and footer to be shown in.',
    fix: 'Use the suggested layout, or one defined under `layouts:` in the app file.',
  },
  FL308: {
    title: 'No default layout',
    what: 'Some funnels have no `layout:` and so use the layout named `default`, but the app file defines none.',
    why: 'Their screens would have no layout.',
    fix: 'Add a `default:` layout under `layouts:` in the app file, or give those funnels a `layout:`.',
  },
  FL309: {
    title: 'Unknown external link',
    what: "An `{ external: name }` link names a link that the app file's `links:` does not define.",
    why: 'External addresses are kept in one place, the app file; an unknown name has no address.',
    fix: 'Use the suggested name, or add the link under `links:` in the app file.',
  },

  // FL4xx: conditions, stored values, calls, forms and payments --------------------------------
  FL401: {
    title: 'Unknown fact',
    what: 'A condition tests a `fact:` that does not exist, or a family of facts (like `flag.` or `state.`) with an unknown name.',
    why: 'An unknown fact is never true, so the condition would never (or always) hold.',
    fix: 'Use the suggested fact, or one the message lists.',
  },
  FL402: {
    title: 'Unknown flag variant',
    what: 'A condition on a flag tests a variant (`equals:` or `in:`) the flag does not have.',
    why: 'The condition could never hold, so that variant of the screen would never be shown.',
    fix: 'Use one of the variants defined for the flag in the experiments file.',
  },
  FL403: {
    title: 'Unknown stored value',
    what:
      'A value, `set`/`clear` action or target names a client-state key, session-storage key, flag or payment field ' +
      'that does not exist.',
    why: 'It would read or write nothing.',
    fix: 'Use the suggested name or one the message lists.',
  },
  FL404: {
    title: 'Unknown call',
    what: 'A `call` action names a backend call (`fn:`) that the call contract does not have.',
    why: 'The server would refuse it and the parent would see an error.',
    fix: 'Use the suggested call name.',
  },
  FL405: {
    title: 'Charge without idempotent',
    what: 'A `call` to a backend call that creates a charge lacks `idempotent: true`.',
    why: 'Without it a double click, a retry or a reload could charge a parent twice; the server refuses such a call.',
    fix: 'Add `idempotent: true` to the call.',
    example: '- do: call\n  fn: PurchaseSubscription\n  idempotent: true',
  },
  FL406: {
    title: 'Payment value outside a payment block',
    what: 'A `{ payment: ... }` value or a `payment.` fact is used outside the actions of a payment block.',
    why: 'The payment is known only while a payment block handles it (its `onOffer:` and `onPay:`).',
    fix: "Move the action into the payment block's `onOffer:` or `onPay:`.",
  },
  FL407: {
    title: 'Unknown form field',
    what: 'A value, fact or action names a form field that no form on the screen has.',
    why: 'It would always be empty.',
    fix: 'Use the suggested field name, or one of the fields the message lists.',
  },
  FL408: {
    title: 'Wrong call outcome',
    what:
      'An `errors:` entry (in the app file or on a call) names an outcome the call cannot have, a call or a group of ' +
      "`callGroups:` that does not exist, or a payment form's message that is not there; or a `catch:` shows a " +
      "message of its own after the outcome's.",
    why:
      'What a parent reads when a call fails is chosen by the outcome: a message key of the call (the contract lists them), ' +
      '`noAnswer` or `default`. A name that matches none would never be shown, and a second message would cover the first.',
    fix: "Use the outcome the message suggests, and change a call's message with `errors:` on the call instead of `catch:`.",
    example: '- do: call\n  fn: CreateWebUser\n  errors: { USER_ALREADY_EXISTS: account:register.sharedAccountExists }',
  },
  FL409: {
    title: 'Call input does not fit the contract',
    what:
      "A `call`'s `input:` names a key the backend call does not take, lacks one it needs, or gives a value of the wrong " +
      'kind (a text where it takes true or false...).',
    why: 'The backend refuses a request whose input does not fit the call (src/contract/definitions.ts): the parent would see an error.',
    fix: 'Use the suggested key, add the missing one, or give a value of the kind the message names.',
    example: '- do: call\n  fn: GetUserExistsByUsername\n  input: { username: { form: email } }',
  },
  FL410: {
    title: 'Unknown call result',
    what:
      "A `result.` fact or value after a `call` names a field the call's answer does not have, " +
      'or compares it with a value it never takes.',
    why: "The backend's answer is described by the contract; a name outside it is always empty, so the condition never holds.",
    fix: 'Use the suggested field, or one of those the message lists.',
  },
  FL411: {
    title: 'Key indented too far',
    what:
      "An action's key (like `catch:`) is indented one level too far: it landed inside `input:`, `query:` or another " +
      'action instead of the action it belongs to.',
    why:
      'YAML reads the indentation as the structure: the key would silently mean something else (an input named catch, ' +
      "another action's failure).",
    fix: 'Move the key left to line up with the keys of the action it belongs to (the message names them).',
  },

  FL412: {
    title: 'Audience reads a fact not known yet',
    what:
      "An experiment's `audience:` reads a fact that is not known when the page opens (a flag, a form, a call's result, " +
      "the parent's account).",
    why:
      "A visitor's variant is decided once, when the page opens, in the browser and in the flag service alike: a fact known " +
      'only later would put the same visitor in and out of the experiment.',
    fix:
      'Use the facts known when the page opens: the path, the device, query parameters, cookies (the plan tag), the locale, ' +
      'the UTM touches.',
    example: 'experiment:\n  state: running\n  weights: { control: 50, variant1: 50 }\n  audience: { fact: device.mobile, is: true }',
  },

  // FL5xx: copy ------------------------------------------------------------------------------
  FL501: {
    title: 'No copy for the default language',
    what: "The app's `defaultLocale:` has no folder in the copy folder.",
    why: 'Every text is looked up in the default language first.',
    fix: 'Use the language whose folder exists (the suggestion), or add the folder with its copy files.',
  },
  FL502: {
    title: 'Unknown copy key',
    what: 'A funnel names a copy key that no language has.',
    why: 'Parents would see the key itself instead of a text.',
    fix: 'Use the suggested key, or add the text to the copy file the message names.',
    example: '# copy/en/account.yaml\ntitle: Your account',
  },
  FL503: {
    title: 'Missing in the source language',
    what: 'A copy key used by a funnel has a text in another language but not in the source language (en).',
    why: 'Every language falls back to the source language; parents would see the key instead of a text.',
    fix: 'Add the text to the source file the message names; if the key is there under a slightly different name, it is misspelt there.',
  },
  FL504: {
    title: 'Unknown copy group',
    what: 'A block names a group of texts (like `payment:checkout`) that a language does not have.',
    why: 'The block reads its texts from that group; they would all be missing.',
    fix: 'Use the suggested group, or add the group to the copy file the message names.',
  },
  FL505: {
    title: 'Copy group incomplete',
    what: 'A group of texts given to a block lacks texts the block reads by itself.',
    why: 'Those parts of the block would show their keys instead of texts.',
    fix: 'Add the texts the message lists under the group in the copy file.',
  },
  FL506: {
    title: 'App text missing',
    what:
      'A text the app shows by itself on the plan cards or as a form message, or a text of an email the server sends ' +
      '(copy/<locale>/emails.yaml: each email has a `subject` and a `body`), is missing in the source language. (The app ' +
      "shell's own texts, listed in app.yaml's `shellTexts:`, are reported there like any copy key: FL502, FL503.)",
    why: 'Parents would see the key instead of that text; the server does not start without an email text.',
    fix: 'Add the text to the copy file the message names.',
  },
  FL507: {
    title: 'Placeholders differ between languages',
    what: "A translation has other `{placeholders}` than the source language's text.",
    why: 'The value given for a placeholder would not show in that language, and a misspelt placeholder would show as `{name}` to parents.',
    fix: 'Use the same placeholder names in every language (translate the words around them, never the names).',
    example: '# copy/en/home.yaml\ntrial: FREE {days} {interval} trial\n# copy/es/home.yaml\ntrial: Prueba GRATIS de {days} {interval}',
  },
  FL508: {
    title: 'Params do not match placeholders',
    what:
      "A block's or action's `params:` gives a value for a placeholder its text does not have, or no value for one it has; " +
      'or a text the app or the server (in an email) fills by itself has a placeholder it does not fill.',
    why: 'A placeholder without a value shows as `{name}` to parents; a value without a placeholder is never shown.',
    fix: 'Give exactly one value under `params:` for each `{placeholder}` of the text.',
    example: '- type: heading\n  text: home:welcome     # "Welcome, {name}!"\n  params:\n    name: { state: childName }',
  },
  FL509: {
    title: 'Unused copy key',
    what: 'A text of a copy file is not used by any funnel, by the app or by an email the server sends (a warning).',
    why: 'Unused texts are translated and maintained for nothing, and are often a misspelt twin of a used key.',
    fix: 'Remove the text, or use it in a funnel.',
  },

  FL510: {
    title: 'Not translated yet',
    what: 'A language has no text yet for some texts of the source language (a warning, one per copy file).',
    why: 'Parents reading that language see those texts in the source language (en) until they are translated.',
    fix:
      '`npm run copy -- missing <locale>` lists them; `npm run copy -- export <locale>` makes a file for a translator ' +
      '(docs/translators.md).',
  },
  FL511: {
    title: 'Translation of an unknown text',
    what: 'A language has a text under a key the source language does not have.',
    why: 'Only keys of the source language are shown, so this translation would never show; it is usually a misspelt key.',
    fix: 'Use the suggested key, or remove the text.',
    example: '# copy/en/home.yaml\nheading: Start your free trial today!\n# copy/es/home.yaml\nheading: ¡Comienza hoy tu prueba gratis!',
  },
  FL512: {
    title: 'Wrong plural forms',
    what: 'A text that counts things (`items_one`, `items_other`) lacks a plural form its language needs, or has one it never uses.',
    why: 'i18next picks the form by the number and the language; a missing form shows the wrong words for some numbers.',
    fix: 'Give exactly the forms of the language: English one and other; Spanish one, many and other; French one, many and other.',
    example: '# copy/es/gift.yaml\nchildren_one: "{count} niño"\nchildren_many: "{count} de niños"\nchildren_other: "{count} niños"',
  },
  FL513: {
    title: 'Shell text not in shellTexts',
    what:
      "The app file's `shellTexts:` lacks a text the app shell shows by itself (the skip link, the step counter, an error " +
      'page...), or lists other placeholders for it than the ones the shell fills.',
    why:
      '`shellTexts:` is the list of texts the app needs whatever the funnels say: without an entry, no language is held to ' +
      'having that text or its placeholders, and parents could see the key or a `{placeholder}` instead.',
    fix: 'Put the entry back in `shellTexts:` of funnels/app.yaml with the placeholders the message gives.',
    example: 'app:\n  shellTexts:\n    common:stepProgress: [n, m]\n    common:skipToContent: []',
  },

  // FL6xx: the catalog ---------------------------------------------------------------------
  FL601: {
    title: 'Catalog id used twice',
    what: 'A partner or offer declared by a funnel has the id of one already in the catalog or in another funnel.',
    why: 'Purchases record partners and offers by id; two with the same id would be mixed up.',
    fix: 'Choose another id. The message says where the first one is.',
  },
  FL602: {
    title: 'Unknown partner',
    what: 'An offer names a partner that neither its funnel (`partner:`) nor the catalog declares.',
    why: 'Purchases of the offer would be recorded for a partner that does not exist.',
    fix: 'Use the suggested partner, or declare it with `partner:` in the funnel.',
  },
} as const satisfies Record<string, DiagnosticCodeInfo>;

export type DiagnosticCode = keyof typeof diagnosticCodes;

export const isDiagnosticCode = (code: string | undefined): code is DiagnosticCode =>
  code !== undefined && Object.hasOwn(diagnosticCodes, code);

/** The heading of a code's page in docs/errors.md. */
export const codeHeading = (code: DiagnosticCode) => `${code} ${diagnosticCodes[code].title}`;

/** The anchor GitHub makes for a heading: lower case, punctuation dropped, spaces as dashes. */
export function githubAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Where the printed message sends the reader: `docs/errors.md#fl101-unknown-field`. */
export const codeLink = (code: DiagnosticCode) => `docs/errors.md#${githubAnchor(codeHeading(code))}`;
