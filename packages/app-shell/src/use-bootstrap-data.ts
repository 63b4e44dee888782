import type { TBootstrapData } from '@cadence/contracts/bootstrap';
import type { TClientSettings } from '@cadence/contracts/settings';
import { useSyncExternalStore } from 'react';
import { getBootstrapData, subscribeBootstrapData } from './bootstrap-store';

export function useBootstrapData(): TBootstrapData {
  return useSyncExternalStore(subscribeBootstrapData, getBootstrapData, getBootstrapData);
}

export function useSettings(): TClientSettings {
  return useBootstrapData().settings;
}
