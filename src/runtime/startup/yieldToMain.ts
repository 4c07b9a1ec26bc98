interface SchedulerLike {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and goes on in a new one, so that a phone's browser may paint and answer a tap in between:
 * start-up is several short tasks instead of one long one (docs/performance.md). `scheduler.yield()` where the browser
 * has it (the continuation runs before other queued tasks), else a message to ourselves (no timer clamping).
 */
export function yieldToMain(scope: { scheduler?: SchedulerLike; MessageChannel?: typeof MessageChannel } = globalThis): Promise<void> {
  if (typeof scope.scheduler?.yield === 'function') return scope.scheduler.yield();
  const Channel = scope.MessageChannel;
  if (!Channel) return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new Channel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
