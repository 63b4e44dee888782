import type { Timestamp } from '../../platform/db/column-types';

export type TLikeableType = 'track' | 'album' | 'artist' | 'playlist';
export type TRepostableType = 'track' | 'album';
export type TFollowableType = 'user' | 'artist';

export interface LikesTable {
  user_id: number;
  likeable_type: TLikeableType;
  likeable_id: number;
  created_at: Timestamp;
}

export interface RepostsTable {
  user_id: number;
  repostable_type: TRepostableType;
  repostable_id: number;
  created_at: Timestamp;
}

export interface FollowsTable {
  follower_id: number;
  followable_type: TFollowableType;
  followable_id: number;
  created_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    likes: LikesTable;
    reposts: RepostsTable;
    follows: FollowsTable;
  }
}
