/**
 * Data a screen needs for its first paint, answered before it renders: on the server, a first
 * render asks for it (`read` answers nothing and notes the loader), the server waits for every
 * loader, then renders again with the answers and writes them into the page; in the browser,
 * the page's answers are read back, so hydration shows exactly what the server did and no block
 * asks the backend again for what the HTML already shows.
 */
export interface Preloads {
  /** The answer under `key` when there is one; otherwise none, and on the server `load` is run before the next render. */
  read<T>(key: string, load: () => Promise<T>): T | undefined;
}

/** No preloaded data (a page the browser rendered by itself): every block asks the backend. */
export const noPreloads: Preloads = { read: () => undefined };

/**
 * The browser's: the answers the server wrote into the page, each read once (by the block that
 * hydrates with it); a later visit of the screen asks the backend as usual.
 */
export function pagePreloads(written: Readonly<Record<string, unknown>>): Preloads {
  const answers = new Map(Object.entries(written));
  return {
    read<T>(key: string) {
      const answer = answers.get(key) as T | undefined;
      answers.delete(key);
      return answer;
    },
  };
}

/**
 * The server's: notes what a render asked for; `settle` loads it (a failed loader leaves its key
 * out: the block loads it in the browser).
 */
export function recordingPreloads(): Preloads & { settle(): Promise<boolean>; answers: Record<string, unknown> } {
  const answers: Record<string, unknown> = {};
  const pending = new Map<string, () => Promise<unknown>>();
  return {
    answers,
    read<T>(key: string, load: () => Promise<T>) {
      if (Object.hasOwn(answers, key)) return answers[key] as T;
      pending.set(key, load);
      return undefined;
    },
    /** Loads what was asked for since the last call; true when anything new was answered. */
    async settle() {
      const asked = [...pending];
      pending.clear();
      const settled = await Promise.allSettled(asked.map(([, load]) => load()));
      let answered = false;
      settled.forEach((result, i) => {
        if (result.status === 'fulfilled') {
          answers[asked[i]![0]] = result.value;
          answered = true;
        }
      });
      return answered;
    },
  };
}
