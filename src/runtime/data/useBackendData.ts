import { useRuntime } from '../context.tsx';
import { type BackendData, createBackendData } from './backendData.ts';

/** The runtime's data layer, for a block's reads and writes (made on first use: src/runtime/runtime.ts `backendData`). */
export const useBackendData = (): BackendData => useRuntime().backendData(createBackendData);
