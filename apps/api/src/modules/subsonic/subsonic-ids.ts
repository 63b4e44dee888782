import { SubsonicError } from './subsonic-response';

/** Subsonic ids are strings; Cadence's carry their kind so cover art and directories can tell them apart. */
export const ID_PREFIX = { track: 'tr', album: 'al', artist: 'ar', playlist: 'pl' } as const;
export type SubsonicKind = keyof typeof ID_PREFIX;

export const subsonicId = (kind: SubsonicKind, id: number) => `${ID_PREFIX[kind]}-${id}`;

/** The kind and number of an id, or null when it is not one of ours. */
export function parseAnyId(raw: string): { kind: SubsonicKind; id: number } | null {
  const match = /^(tr|al|ar|pl)-(\d{1,15})$/.exec(raw.trim());
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const kind = (Object.keys(ID_PREFIX) as SubsonicKind[]).find((key) => ID_PREFIX[key] === match[1]);
  return kind ? { kind, id } : null;
}

/** The number of an id of one kind; anything else is "not found", as a missing id is. */
export function parseId(raw: string, kind: SubsonicKind): number {
  const parsed = parseAnyId(raw);
  if (!parsed || parsed.kind !== kind) throw new SubsonicError('not_found', 'Not found');
  return parsed.id;
}
