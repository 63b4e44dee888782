import type { SubsonicMethod } from './subsonic-context';
import { systemMethods } from './subsonic-system';

/** Every method this server answers, by its Subsonic name. */
export const subsonicMethods: Record<string, SubsonicMethod> = {
  ...systemMethods,
};
