import { nodePreset } from '@cadence/vitest-config/node';

export default nodePreset;
