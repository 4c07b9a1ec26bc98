import { describe, expect, test } from 'vitest';
import { yieldToMain } from '../../../../src/runtime/startup/yieldToMain.ts';

/** Whether `next` settles before a task queued with setTimeout(0) after it runs. */
const order = async (next: Promise<void>) => {
  const seen: string[] = [];
  const later = new Promise<void>((resolve) =>
    setTimeout(() => {
      seen.push('timer');
      resolve();
    }, 0),
  );
  await next.then(() => seen.push('continued'));
  await later;
  return seen;
};

describe('yielding to the main thread', () => {
  test("goes on after the browser's scheduler.yield where there is one", async () => {
    let asked = 0;
    const scheduler = {
      yield: () => {
        asked++;
        return Promise.resolve();
      },
    };
    await yieldToMain({ scheduler });
    expect(asked).toBe(1);
  });

  test('else goes on in a later task, not in the same one (a message to itself)', async () => {
    let sync = true;
    const next = yieldToMain({ MessageChannel });
    void next.then(() => expect(sync).toBe(false));
    await Promise.resolve();
    await Promise.resolve();
    sync = false;
    expect(await order(yieldToMain({ MessageChannel }))).toContain('continued');
  });

  test('without MessageChannel, after a timer', async () => {
    expect(await order(yieldToMain({}))).toEqual(['continued', 'timer']);
  });
});
