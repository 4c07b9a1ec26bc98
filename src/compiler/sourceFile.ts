/** The files a project is made of, as the loader (./load.ts) reads them: types only, for the modules the loader itself uses. */
import type { Document, LineCounter, Node } from 'yaml';

/** A YAML file as read from disk, with what is needed to point at any of its nodes. */
export interface SourceFile {
  /** Relative to the project root, '/' separators: what diagnostics print. */
  relPath: string;
  absPath: string;
  text: string;
  doc: Document;
  lineCounter: LineCounter;
  /** False when the YAML could not be read (a syntax error or a duplicate key). */
  parsed: boolean;
  /** The plain data (undefined when not parsed). */
  data: unknown;
}

export type ConfigKind = 'app' | 'experiments' | 'funnel' | 'catalog' | 'template';

/** A file of funnels/: the app shell, the experiments, a funnel, the plan catalog or a funnel template. */
export interface ConfigFile extends SourceFile {
  group: 'config';
  /** Known when the file was parsed and has one of the top-level keys app:/flags:/funnel:/use:/catalog:/template:. */
  kind?: ConfigKind;
  /** Set on a funnel that uses a template: `doc` and `data` are then the expanded funnel. */
  origin?: TemplateOrigin;
}

/** copy/<locale>/<namespace>.yaml */
export interface CopyFile extends SourceFile {
  group: 'copy';
  locale: string;
  namespace: string;
}

/** Where a funnel made from a template (./templates.ts) comes from. */
export interface TemplateOrigin {
  /** The template file the funnel was expanded from. */
  template: ConfigFile;
  /** Where the instance names it (its `use:` value), in the instance file. */
  usedAt?: readonly [number, number];
  /** Nodes that were written in the instance file (parameter values); all others are the template's. */
  instanceNodes: WeakSet<Node>;
}
