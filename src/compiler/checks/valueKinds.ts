import { initialClientState } from '../../domain/clientState.ts';
import type { paymentValueNames } from '../../language/schema/values.ts';
import type { ConfigSchemas } from '../configSchemas.ts';
import type { ConfigFile } from '../load.ts';
import type { WalkNode } from '../schemaWalk.ts';
import type { CallResult } from './callScope.ts';
import { type Kind, type Kinds, kindOfValue, kindsOf, lookupPath } from './contractTypes.ts';
import { type Form, formsAround } from './forms.ts';

/** What a value source gives, where that is known: its kinds and how to name it in a message. */
export interface ValueKinds {
  kinds: ReadonlySet<Kind>;
  /** "{ form: offers } (a checkbox)". */
  shown: string;
}

const kinds = (...k: Kind[]): ReadonlySet<Kind> => new Set(k);
const text = kinds('text');
const textOrNothing = kinds('text', 'nothing');

/** What `{ payment: name }` gives (src/blocks/paymentForm/useCheckoutCharge.ts); `offer.*` is the block's own offer. */
const paymentKinds: Record<(typeof paymentValueNames)[number], ReadonlySet<Kind>> = {
  nonce: text,
  method: text,
  cardType: text,
  lastFour: text,
  deviceData: text,
  firstName: textOrNothing,
  lastName: textOrNothing,
  email: textOrNothing,
  customerOptions: kinds('group'),
  offer: kinds('group', 'nothing'),
  offerId: textOrNothing,
  amount: kinds('number', 'nothing'),
  todayCharge: kinds('number'),
  quantity: kinds('number'),
};

const errorKinds: Record<string, ReadonlySet<Kind>> = {
  message: text,
  code: kinds('number', 'text', 'nothing'),
  messageKey: textOrNothing,
  processorCode: textOrNothing,
  todayCharge: textOrNothing,
};

export interface ValueSite {
  file: ConfigFile;
  /** The node the value belongs to (for `{ form: x }`: which form it reads). */
  node: WalkNode;
  forms: readonly { file: ConfigFile; form: Form }[];
  /** The schemas the forms were found with (which blocks are forms, what a screen is). */
  schemas: ConfigSchemas;
  /** What `result.*` reads there, when known. */
  result: CallResult | undefined;
}

/** The kinds a value source gives where they are fixed (`{ form: offers }`, a checkbox: true or false); undefined otherwise. */
export function valueKinds(value: Record<string, unknown>, site: ValueSite): ValueKinds | undefined {
  const entries = Object.entries(value);
  if (entries.length !== 1 || typeof entries[0]![1] !== 'string') return undefined;
  const [source, name] = entries[0] as [string, string];
  const shown = `{ ${source}: ${name === '' ? "''" : name} }`;
  const known = (k: Kinds, note = '') => (k ? { kinds: k, shown: `${shown}${note}` } : undefined);
  switch (source) {
    case 'form':
      return formFieldKinds(name, site, shown);
    case 'query':
    case 'cookie':
    case 'captcha':
    case 'user':
    case 'flag':
      return known(text);
    case 'path':
      return known(name === 'previous' ? textOrNothing : text);
    case 'utm':
      return known(name.includes('.') ? textOrNothing : kinds('group', 'nothing'));
    case 'error':
      return known(errorKinds[name]);
    case 'payment':
      return known((paymentKinds as Record<string, ReadonlySet<Kind>>)[name]);
    case 'state': {
      const initial = (initialClientState as unknown as Record<string, unknown>)[name];
      const kind = kindOfValue(initial);
      return known(kind === 'text' || kind === 'number' || kind === 'boolean' ? kinds(kind) : undefined);
    }
    case 'result': {
      if (!site.result) return undefined;
      const found = lookupPath(site.result.output, name === '' ? [] : name.split('.'));
      return 'found' in found ? known(kindsOf(found.found, 'output'), ` (from ${site.result.fn}'s answer)`) : undefined;
    }
    default:
      return undefined;
  }
}

/** A checkbox gives true or false, every other field text (src/runtime/forms/compileRules.ts). */
function formFieldKinds(name: string, site: ValueSite, shown: string): ValueKinds | undefined {
  const { own, onScreen } = formsAround(site.schemas, site.node, site.file, site.forms);
  const types = new Set((own ? [own] : onScreen).flatMap((f) => (f.fieldTypes.has(name) ? [f.fieldTypes.get(name)!] : [])));
  if (types.size !== 1) return undefined;
  const type = [...types][0]!;
  return {
    kinds: type === 'checkbox' ? kinds('boolean') : text,
    shown: `${shown} (${type === 'checkbox' ? 'a checkbox' : `a ${type} field`})`,
  };
}
