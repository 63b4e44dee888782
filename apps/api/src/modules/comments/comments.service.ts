import { COMMENT_MAX_DEPTH, type TComment, type TCommentCreate } from '@cadence/contracts/comment';
import type { Kysely, Selectable } from 'kysely';
import { type Actor, actorCanAny, actorUser, assertActorCanAny } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { albumPath, findAlbum } from '../albums/albums.repository';
import { albumExists } from '../catalogue/catalogue-items.repository';
import type { Page } from '../catalogue/catalogue-query.repository';
import { isoRequired, slugify } from '../catalogue/catalogue-utils';
import { findTrackVisibleTo } from '../catalogue/track-access';
import { findTrack } from '../catalogue/track-rows.repository';
import type { NotificationsService } from '../notifications/notifications.service';
import { publicUsers } from '../users/public-user';
import {
  findComment,
  insertComment,
  markCommentDeleted,
  threadPage,
  updateCommentContent,
} from './comments.repository';
import type { CommentsTable } from './comments.tables';

type Db = Kysely<Database>;
type CommentRow = Selectable<CommentsTable>;
type Commentable = { commentable_type: 'track' | 'album'; commentable_id: number };

/** Zero-padded ids sort as text in numeric order, so `order by path` reads a thread top-down. */
export const pathSegment = (id: number) => String(id).padStart(20, '0');

/** Design 5 "comment_reply": the reply, cut to 180 characters. */
const REPLY_EXCERPT_LENGTH = 180;

export function createCommentsService(db: Db, notifications?: Pick<NotificationsService, 'notify'>) {
  /** Tells the parent comment's author about a reply by someone else (design 5 "comment_reply"). */
  async function notifyReply(
    parent: CommentRow,
    reply: CommentRow,
    author: { id: number; name: string; image: string | null },
  ) {
    if (!notifications || parent.user_id === null || parent.user_id === author.id) return;
    const target =
      reply.commentable_type === 'track'
        ? await findTrack(db, reply.commentable_id)
        : await findAlbum(db, reply.commentable_id);
    const path =
      reply.commentable_type === 'track'
        ? target && `/track/${target.id}/${slugify(target.name)}`
        : await albumPath(db, reply.commentable_id);
    const excerpt =
      reply.content.length > REPLY_EXCERPT_LENGTH
        ? `${reply.content.slice(0, REPLY_EXCERPT_LENGTH - 3)}...`
        : reply.content;
    await notifications.notify(parent.user_id, 'comment_reply', {
      image: author.image,
      mainAction: path ? { action: path, label: 'View comment' } : null,
      lines: [
        { type: 'primary', content: `${author.name} replied to your comment:` },
        { content: excerpt, icon: 'comment' },
        ...(target && path
          ? [{ content: `on ${target.name}`, action: { action: path, label: target.name } }]
          : []),
      ],
    });
  }

  async function assertCommentable(actor: Actor, target: Commentable) {
    if (target.commentable_type === 'track') {
      await findTrackVisibleTo(db, actor, target.commentable_id);
      return;
    }
    if (!(await albumExists(db, target.commentable_id))) throw new AppError('not_found', 'Album not found.');
  }

  async function toDtos(rows: CommentRow[]): Promise<TComment[]> {
    const users = await publicUsers(
      db,
      rows.map((row) => row.user_id).filter((id): id is number => id !== null),
    );
    return rows.map((row) => ({
      id: row.id,
      commentable_type: row.commentable_type,
      commentable_id: row.commentable_id,
      parent_id: row.parent_id,
      depth: row.depth,
      content: row.deleted ? '' : row.content,
      position_ms: row.position_ms,
      deleted: row.deleted,
      upvotes: row.upvotes,
      downvotes: row.downvotes,
      user: row.deleted || row.user_id === null ? null : (users.get(row.user_id) ?? null),
      created_at: isoRequired(row.created_at),
      updated_at: isoRequired(row.updated_at),
    }));
  }

  /** Pages over top-level comments (newest first); each comes with its whole thread in reading order. */
  async function list(
    actor: Actor,
    query: Commentable & { page: number; perPage: number },
  ): Promise<Page<TComment>> {
    await assertCommentable(actor, query);
    const { total, roots, rows } = await threadPage(db, query, query);
    const rootOrder = new Map(roots.map((root, index) => [root.path, index]));
    rows.sort(
      (a, b) =>
        (rootOrder.get(a.path.slice(0, 20)) ?? 0) - (rootOrder.get(b.path.slice(0, 20)) ?? 0) ||
        (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
    );
    return {
      pagination: {
        data: await toDtos(rows),
        current_page: query.page,
        per_page: query.perPage,
        total,
        last_page: Math.max(1, Math.ceil(total / query.perPage)),
      },
    };
  }

  async function create(actor: Actor, input: TCommentCreate): Promise<TComment> {
    await assertActorCanAny(actor, ['comments.create']);
    const user = actorUser(actor);
    await assertCommentable(actor, input);
    let parent: CommentRow | undefined;
    if (input.parent_id) {
      parent = await findComment(db, input.parent_id);
      const isSameThread =
        parent?.commentable_type === input.commentable_type && parent.commentable_id === input.commentable_id;
      if (!parent || !isSameThread || parent.deleted) {
        throw validationError({ parent_id: 'The comment you reply to does not exist.' });
      }
      if (parent.depth + 1 >= COMMENT_MAX_DEPTH) {
        throw validationError({ parent_id: `Replies nest at most ${COMMENT_MAX_DEPTH} levels deep.` });
      }
    }
    const row = await db.transaction().execute((trx) =>
      insertComment(
        trx,
        {
          commentable_type: input.commentable_type,
          commentable_id: input.commentable_id,
          user_id: user.id,
          parent_id: parent?.id ?? null,
          depth: parent ? parent.depth + 1 : 0,
          content: input.content,
          position_ms: input.position_ms ?? null,
        },
        (id) => (parent ? `${parent.path}/${pathSegment(id)}` : pathSegment(id)),
      ),
    );
    const dto = (await toDtos([row]))[0] as TComment;
    if (parent)
      await notifyReply(parent, row, { id: user.id, name: dto.user?.name ?? user.name, image: user.image });
    return dto;
  }

  /** A comment the actor may read: not deleted, on a track or album they can see (404 otherwise). */
  async function findVisible(actor: Actor, id: number): Promise<CommentRow> {
    const comment = await findComment(db, id);
    if (!comment || comment.deleted) throw new AppError('not_found', 'Comment not found.');
    await assertCommentable(actor, comment);
    return comment;
  }

  async function findEditable(actor: Actor, id: number, action: 'update' | 'delete') {
    const comment = await findComment(db, id);
    if (!comment || comment.deleted) throw new AppError('not_found', 'Comment not found.');
    if (actor.user && comment.user_id === actor.user.id) return comment;
    if (await actorCanAny(actor, [`comments.${action}`])) return comment;
    // A refused edit of a comment on a track the actor cannot see is a 404, as for a missing id.
    await findVisible(actor, id);
    throw new AppError(actor.user ? 'forbidden' : 'unauthenticated');
  }

  async function update(actor: Actor, id: number, content: string): Promise<TComment> {
    await findEditable(actor, id, 'update');
    const row = await updateCommentContent(db, id, content);
    return (await toDtos([row]))[0] as TComment;
  }

  /** Soft delete: the node stays (content hidden, kept for a restore) so its replies keep their place. */
  async function remove(actor: Actor, id: number): Promise<void> {
    await findEditable(actor, id, 'delete');
    await markCommentDeleted(db, id);
  }

  return { list, create, update, remove, findVisible };
}
