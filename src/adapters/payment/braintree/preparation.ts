/**
 * A wallet's setup, made once on demand and readable synchronously once made: Apple Pay and
 * Google Pay must open their sheet inside the parent's click, before anything is awaited.
 * A setup that failed stays failed — the answer to a loading failure is a refresh.
 */
export class Preparation<T> {
  private promise: Promise<T> | undefined;
  private value: T | undefined;

  constructor(private readonly make: () => Promise<T>) {}

  start(): Promise<T> {
    if (!this.promise) {
      this.promise = this.make().then((value) => (this.value = value));
      // Started ahead of need; whoever needs it awaits it and sees the failure.
      this.promise.catch(() => undefined);
    }
    return this.promise;
  }

  get ready(): T | undefined {
    return this.value;
  }

  get started(): boolean {
    return this.promise !== undefined;
  }
}
