/**
 * A release request refused (./service.ts), and why. Apart from the service so that `npm run release`
 * recognises it without loading the checker.
 */

export type RefusalReason = 'check' | 'conflict' | 'role' | 'not-found' | 'experiment' | 'invalid';

/** A request the service does not carry out; `message` says why and what to do. Nothing changed. */
export class ReleaseRefusal extends Error {
  override name = 'ReleaseRefusal';
  constructor(
    message: string,
    readonly reason: RefusalReason,
  ) {
    super(message);
  }
}
