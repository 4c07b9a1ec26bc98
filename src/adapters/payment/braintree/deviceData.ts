/**
 * braintree-web's data collector (PayPal's fraud script): the device data the backend passes
 * on with the nonce. Optional by nature — a blocked or slow fraud script must not stop a
 * payment — so it starts early, and a payment waits for it a short while at most.
 */
import type { Client } from 'braintree-web/client';
import type { DataCollector } from 'braintree-web/data-collector';
import { attempt } from './errors.ts';
import { loadDataCollector } from './modules.ts';

export const DEVICE_DATA_WAIT_MS = 3_000;

export interface DeviceDataSource {
  /** The device data, or undefined when the collector failed or is not ready in time. */
  get(): Promise<string | undefined>;
  teardown(): Promise<void>;
}

export function collectDeviceData(client: Client): DeviceDataSource {
  const collector: Promise<DataCollector | undefined> = loadDataCollector()
    .then((m) => m.create({ client }))
    .catch(() => undefined);
  return {
    async get() {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, DEVICE_DATA_WAIT_MS, undefined)));
      const ready = await Promise.race([collector, late]);
      clearTimeout(timer);
      return ready?.deviceData || undefined;
    },
    async teardown() {
      const made = await collector;
      if (made) await attempt(() => made.teardown()).catch(() => undefined);
    },
  };
}
