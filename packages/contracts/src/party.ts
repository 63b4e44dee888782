import { z } from 'zod';
import { ZIdSchema } from './catalogue';
import { lazySchema } from './lazy-schema';
import { ZTrackSchema } from './track';
import { ZPublicUserSchema } from './user';

export const PARTY_JOIN_POLICIES = ['link', 'followers', 'invited'] as const;
export const PARTY_ADD_POLICIES = ['host', 'everyone', 'approved'] as const;
export const PARTY_SOURCE_TYPES = ['album', 'playlist', 'smart_playlist', 'queue'] as const;
/** A chat line's longest length, in characters. */
export const PARTY_MESSAGE_MAX_LENGTH = 500;
export const PARTY_QUEUE_MAX = 500;
/** Chat lines one member may send per window before 429. */
export const PARTY_MESSAGE_BURST = 10;
export const PARTY_MESSAGE_WINDOW_MS = 10_000;
/**
 * Reaction toggles one member may send per window (the same window) before 429: their own budget,
 * so a flurry of reactions never silences the member's chat, nor a chatty member their reactions.
 */
export const PARTY_REACTION_BURST = 30;
/** Short codes: no 0/O, 1/I/L, so a code read aloud is typed right. */
export const PARTY_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PARTY_CODE_LENGTH = 6;
/** The fixed set of reactions a member may put on a chat line (anything else is a 422). */
export const PARTY_REACTIONS = ['👍', '❤️', '😂', '🔥', '😮', '👏'] as const;
export type TPartyReactionEmoji = (typeof PARTY_REACTIONS)[number];

export const ZPartyCodeParamsSchema = lazySchema(() =>
  z.object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(new RegExp(`^[${PARTY_CODE_ALPHABET}]{${PARTY_CODE_LENGTH}}$`), 'This is not a party code.'),
  }),
);

export const ZPartySourceSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('album'), id: ZIdSchema }),
    z.object({ type: z.literal('playlist'), id: ZIdSchema }),
    z.object({ type: z.literal('smart_playlist'), id: ZIdSchema }),
    z.object({
      type: z.literal('queue'),
      track_ids: z.array(ZIdSchema).min(1, 'The queue is empty.').max(PARTY_QUEUE_MAX),
    }),
  ]),
);
export type TPartySource = z.infer<typeof ZPartySourceSchema>;

export const ZPartyCreateSchema = lazySchema(() =>
  z.object({
    source: ZPartySourceSchema,
    join_policy: z.enum(PARTY_JOIN_POLICIES).default('link'),
    add_policy: z.enum(PARTY_ADD_POLICIES).default('host'),
    invited_user_ids: z.array(ZIdSchema).max(100).default([]),
  }),
);
export type TPartyCreate = z.input<typeof ZPartyCreateSchema>;

/** Every control names the revision the client last saw: a stale or replayed one is refused (409). */
const revision = lazySchema(() => z.int().min(0));
export const ZPartyControlSchema = lazySchema(() =>
  z.discriminatedUnion('action', [
    z.object({ action: z.literal('play'), revision }),
    z.object({ action: z.literal('pause'), revision }),
    z.object({
      action: z.literal('seek'),
      revision,
      position_ms: z
        .int()
        .min(0)
        .max(24 * 3600_000),
    }),
    z.object({
      action: z.literal('skip'),
      revision,
      to_index: z.int().min(0).max(PARTY_QUEUE_MAX).optional(),
    }),
    z.object({
      action: z.literal('reorder'),
      revision,
      from: z.int().min(0).max(PARTY_QUEUE_MAX),
      to: z.int().min(0).max(PARTY_QUEUE_MAX),
    }),
    z.object({ action: z.literal('hand_over'), revision, user_id: ZIdSchema }),
  ]),
);
export type TPartyControl = z.infer<typeof ZPartyControlSchema>;

export const ZPartyAddTrackSchema = lazySchema(() => z.object({ track_id: ZIdSchema }));
export const ZPartyApproveSchema = lazySchema(() => z.object({ track_id: ZIdSchema, revision }));

export const ZPartyMessageCreateSchema = lazySchema(() =>
  z.object({
    content: z
      .string()
      .trim()
      .min(1, 'Write something first.')
      .max(PARTY_MESSAGE_MAX_LENGTH, `A message is at most ${PARTY_MESSAGE_MAX_LENGTH} characters.`),
    /** A time-stamped line: the second of the current track it is about. */
    position_ms: z
      .int()
      .min(0)
      .max(24 * 3600_000)
      .nullish(),
  }),
);

/** Toggles the member's reaction on a line: a second tap on the same emoji removes it. */
export const ZPartyReactSchema = lazySchema(() =>
  z.object({
    emoji: z.enum(PARTY_REACTIONS, { error: 'Pick one of the reactions.' }),
  }),
);

export const ZPartyMemberParamsSchema = lazySchema(() =>
  ZPartyCodeParamsSchema.extend({ userId: ZIdSchema }),
);
export const ZPartyMessageParamsSchema = lazySchema(() =>
  ZPartyCodeParamsSchema.extend({ messageId: ZIdSchema }),
);

export const ZPartyTimelineSchema = lazySchema(() =>
  z.object({
    index: z.number(),
    started_at: z.number().nullable(),
    position_ms: z.number(),
    is_playing: z.boolean(),
  }),
);

export const ZPartyMemberSchema = lazySchema(() => ZPublicUserSchema.extend({ is_host: z.boolean() }));

/** A queue entry as one member sees it: a track they may not play is `null` (never named). */
export const ZPartyEntrySchema = lazySchema(() =>
  z.object({
    position: z.number(),
    duration: z.number().nullable(),
    track: ZTrackSchema.nullable(),
  }),
);

/** One emoji on a line: how many, and who (their names are the button's accessible name). */
export const ZPartyReactionSchema = lazySchema(() =>
  z.object({
    emoji: z.enum(PARTY_REACTIONS),
    count: z.number(),
    users: z.array(ZPublicUserSchema),
  }),
);
export type TPartyReaction = z.infer<typeof ZPartyReactionSchema>;

export const ZPartyMessageSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    content: z.string(),
    position_ms: z.number().nullable(),
    track_position: z.number().nullable(),
    user: ZPublicUserSchema.nullable(),
    /** In PARTY_REACTIONS order, only the emojis someone used. */
    reactions: z.array(ZPartyReactionSchema),
    created_at: z.string(),
  }),
);
export type TPartyMessage = z.infer<typeof ZPartyMessageSchema>;

export const ZPartySchema = lazySchema(() =>
  z.object({
    id: z.number(),
    code: z.string(),
    link: z.string(),
    host: ZPublicUserSchema,
    join_policy: z.enum(PARTY_JOIN_POLICIES),
    add_policy: z.enum(PARTY_ADD_POLICIES),
    revision: z.number(),
    timeline: ZPartyTimelineSchema,
    queue: z.array(ZPartyEntrySchema),
    suggestions: z.array(ZPartyEntrySchema),
    members: z.array(ZPartyMemberSchema),
    messages: z.array(ZPartyMessageSchema),
    is_member: z.boolean(),
    is_host: z.boolean(),
    is_ended: z.boolean(),
    /** Server epoch ms when this answer was made (a first clock estimate before the socket's pings). */
    server_time: z.number(),
  }),
);
export type TParty = z.infer<typeof ZPartySchema>;
export const ZPartyResponseSchema = lazySchema(() => z.object({ party: ZPartySchema }));
export const ZPartyMessageResponseSchema = lazySchema(() => z.object({ message: ZPartyMessageSchema }));
/** A reported line in the moderators' list: how many reported it, and its party. */
export const ZReportedPartyMessageSchema = lazySchema(() =>
  ZPartyMessageSchema.extend({
    report_count: z.number(),
    party_code: z.string(),
  }),
);
export type TReportedPartyMessage = z.infer<typeof ZReportedPartyMessageSchema>;
export const ZPartyMessageListSchema = lazySchema(() =>
  z.object({ data: z.array(ZReportedPartyMessageSchema) }),
);
export const ZPartyMessageIdParamsSchema = lazySchema(() => z.object({ messageId: ZIdSchema }));
