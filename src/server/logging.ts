/**
 * Fastify gives every request a child logger (`request.log`, bound to its request id). With
 * pino's redaction (auth/redaction.ts) making one costs about a twentieth of a cached call's
 * time in `npm run bench`, for requests that mostly log nothing. This factory hands out a
 * stand-in that makes the real child only when a line is logged at an enabled level (or the
 * child is used otherwise); what gets logged, and with which bindings, is unchanged.
 */
import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];
type LogMethod = (...args: unknown[]) => void;

interface LevelAware {
  isLevelEnabled?(level: string): boolean;
  bindings?(): Bindings;
}

const noop = () => {};

export function lazyChildLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  // A route with its own logger options (level, serializers...) gets its child at once.
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  let child: FastifyBaseLogger | undefined;
  const real = () => (child ??= logger.child(bindings, options));
  const parent = logger as FastifyBaseLogger & LevelAware;
  const enabled = (level: string) =>
    child ? ((child as FastifyBaseLogger & LevelAware).isLevelEnabled?.(level) ?? true) : (parent.isLevelEnabled?.(level) ?? true);
  const method =
    (level: Level): LogMethod =>
    (...args) => {
      if (enabled(level)) (real()[level] as LogMethod)(...args);
    };
  const stand: FastifyBaseLogger & LevelAware = {
    get level() {
      return child?.level ?? logger.level;
    },
    set level(value) {
      real().level = value;
    },
    fatal: method('fatal'),
    error: method('error'),
    warn: method('warn'),
    info: method('info'),
    debug: method('debug'),
    trace: method('trace'),
    silent: noop,
    child: (childBindings, childOptions) => real().child(childBindings, childOptions),
    isLevelEnabled: enabled,
    bindings: () => (real() as FastifyBaseLogger & LevelAware).bindings?.() ?? bindings,
  };
  return stand;
}
