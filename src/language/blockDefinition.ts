/**
 * What a block type is, as the compiler reads it and src/blocks/ defines each one
 * (src/blocks/defineBlock.ts): here, below both, so that the compiler is handed the registry
 * (src/blocks/registry.ts) and never imports it.
 */
import type { z } from 'zod';

/** Copy keys a block shows by itself, each with the `{placeholders}` it fills in the text. */
export type BlockTexts = Readonly<Record<string, readonly string[]>>;

/** A form as the checks of `{ form: x }`, `form.x` facts and `markFieldError` see it. */
export interface FormFields {
  name: string;
  fields: string[];
  /** Field name → its `type:` (checkbox, email, text...), where written. */
  fieldTypes: ReadonlyMap<string, string>;
}

/** Where a failed call inside a block shows its messages: the block's copy group, and how long they stay. */
export interface NoticeContext {
  copy: string;
  errorMs: number;
}

/** A block's props schema, or, for a block that holds blocks, how it is built from the union of all (src/compiler/configSchemas.ts). */
export type BlockSchema = z.ZodType | ((anyBlock: z.ZodType) => z.ZodType);

/**
 * One block type, whole: what the compiler validates and checks, and how the browser draws it.
 * Node (the compiler, the checker, the server) reads definitions without any React code: the
 * component is named by its file, which the build loads (src/vitePlugin/blockCode.ts). Listed
 * once, in src/blocks/registry.ts.
 */
export interface BlockDefinition<T extends string = string, S extends BlockSchema = BlockSchema> {
  type: T;
  /** Its props as written in a funnel (`type: <type>` included). */
  schema: S;
  /** Its component: the default export of this file of its folder, its own chunk unless `eager`. */
  component: `./${string}.tsx`;
  /** In the entry itself (no chunk, no loading placeholder): see docs/decisions.md, 'Blocks that describe themselves'. */
  eager?: true;
  /** Its chunk is fetched as soon as a screen holding it is loaded, before it renders. */
  preload?: true;
  /** Texts it shows by itself, whatever the funnel says: wanted in every locale, sent with the screens that hold it. */
  texts?: BlockTexts;
  /** A form block: its name and fields, as the checks read them from its props. */
  form?: (props: Record<string, unknown>) => FormFields;
  /**
   * Values only the actions inside it may read (`{ <name>: x }` values, `<name>.*` facts), and how
   * the checker names where they are known.
   */
  scopedValues?: { name: string; knownIn: string };
  /** Failed calls inside it show their messages in it: where, from its props (none when its props do not say). */
  notices?: (props: Record<string, unknown>) => NoticeContext | undefined;
}
