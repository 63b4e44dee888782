import { COMMENT_MAX_DEPTH, type TComment, type TCommentCreate } from '@cadence/contracts/comment';
import type { FastifyRequest } from 'fastify';
import { type Kysely, type Selectable, sql } from 'kysely';
import { assertAny, canAny, requireUser } from '../../platform/auth/access';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { isoRequired, type Page, slugify } from '../catalogue/catalogue-utils';
import type { NotificationsService } from '../notifications/notifications.service';
import { userRefs } from '../playlists/playlists.service';
import { findVisibleTrack } from '../tracks/track-access';
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
        ? await db
            .selectFrom('tracks')
            .select(['id', 'name'])
            .where('id', '=', reply.commentable_id)
            .executeTakeFirst()
        : await db
            .selectFrom('albums')
            .select(['id', 'name'])
            .where('id', '=', reply.commentable_id)
            .executeTakeFirst();
    const path =
      reply.commentable_type === 'track' && target ? `/track/${target.id}/${slugify(target.name)}` : '/';
    const excerpt =
      reply.content.length > REPLY_EXCERPT_LENGTH
        ? `${reply.content.slice(0, REPLY_EXCERPT_LENGTH - 3)}...`
        : reply.content;
    await notifications.notify(parent.user_id, 'comment_reply', {
      image: author.image,
      mainAction: { action: path, label: 'View comment' },
      lines: [
        { type: 'primary', content: `${author.name} replied to your comment:` },
        { content: excerpt, icon: 'comment' },
        ...(target ? [{ content: `on ${target.name}`, action: { action: path, label: target.name } }] : []),
      ],
    });
  }

  async function assertCommentable(request: FastifyRequest, target: Commentable) {
    if (target.commentable_type === 'track') {
      await findVisibleTrack(db, request, target.commentable_id);
      return;
    }
    const album = await db
      .selectFrom('albums')
      .select('id')
      .where('id', '=', target.commentable_id)
      .executeTakeFirst();
    if (!album) throw new AppError('not_found', 'Album not found.');
  }

  async function toDtos(rows: CommentRow[]): Promise<TComment[]> {
    const users = await userRefs(
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
    request: FastifyRequest,
    query: Commentable & { page: number; perPage: number },
  ): Promise<Page<TComment>> {
    await assertCommentable(request, query);
    const base = db
      .selectFrom('comments')
      .where('commentable_type', '=', query.commentable_type)
      .where('commentable_id', '=', query.commentable_id);
    const [{ total }, roots] = await Promise.all([
      base.where('depth', '=', 0).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      base
        .where('depth', '=', 0)
        .select('path')
        .orderBy('id', 'desc')
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage)
        .execute(),
    ]);
    const rows = roots.length
      ? await base
          .selectAll()
          .where(sql<boolean>`substr(path, 1, 20) in (${sql.join(roots.map((root) => root.path))})`)
          .execute()
      : [];
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

  async function create(request: FastifyRequest, input: TCommentCreate): Promise<TComment> {
    await assertAny(request, ['comments.create']);
    const user = requireUser(request);
    await assertCommentable(request, input);
    let parent: CommentRow | undefined;
    if (input.parent_id) {
      parent = await db
        .selectFrom('comments')
        .selectAll()
        .where('id', '=', input.parent_id)
        .executeTakeFirst();
      const isSameThread =
        parent?.commentable_type === input.commentable_type && parent.commentable_id === input.commentable_id;
      if (!parent || !isSameThread || parent.deleted) {
        throw validationError({ parent_id: 'The comment you reply to does not exist.' });
      }
      if (parent.depth + 1 >= COMMENT_MAX_DEPTH) {
        throw validationError({ parent_id: `Replies nest at most ${COMMENT_MAX_DEPTH} levels deep.` });
      }
    }
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('comments')
        .values({
          commentable_type: input.commentable_type,
          commentable_id: input.commentable_id,
          user_id: user.id,
          parent_id: parent?.id ?? null,
          depth: parent ? parent.depth + 1 : 0,
          content: input.content,
          position_ms: input.position_ms ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const path = parent ? `${parent.path}/${pathSegment(inserted.id)}` : pathSegment(inserted.id);
      return trx
        .updateTable('comments')
        .set({ path })
        .where('id', '=', inserted.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    const dto = (await toDtos([row]))[0] as TComment;
    if (parent)
      await notifyReply(parent, row, { id: user.id, name: dto.user?.name ?? user.name, image: user.image });
    return dto;
  }

  async function findEditable(request: FastifyRequest, id: number, action: 'update' | 'delete') {
    const comment = await db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
    if (!comment || comment.deleted) throw new AppError('not_found', 'Comment not found.');
    if (request.user && comment.user_id === request.user.id) return comment;
    if (await canAny(request, [`comments.${action}`])) return comment;
    throw new AppError(request.user ? 'forbidden' : 'unauthenticated');
  }

  async function update(request: FastifyRequest, id: number, content: string): Promise<TComment> {
    await findEditable(request, id, 'update');
    const row = await db
      .updateTable('comments')
      .set({ content, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return (await toDtos([row]))[0] as TComment;
  }

  /** Soft delete: the node stays (content hidden, kept for a restore) so its replies keep their place. */
  async function remove(request: FastifyRequest, id: number): Promise<void> {
    await findEditable(request, id, 'delete');
    await db
      .updateTable('comments')
      .set({ deleted: true, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  return { list, create, update, remove };
}
