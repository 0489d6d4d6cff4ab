import {
  ErrorCode,
  MENTOR_ASKS_PER_WINDOW,
  type AddRoomMessageRequest,
  type AskMentorRequest,
  type Mentor,
  type Message,
  type StepDownMentorRequest,
  type VolunteerMentorRequest,
} from '@openlfg/contracts';
import type { Transaction } from 'kysely';
import { authorizeProject, type ProjectAccess, type ProjectAction } from '../groups/policy-rooms.js';
import { requireText } from '../groups/input.js';
import type { DB } from '../platform/db/schema.js';
import { conflict, HttpError, notFound } from '../platform/http/errors.js';
import type { NotificationEvent, PushNotifications } from '../notifications/service.js';
import { toMentor } from './presenters.js';
import type { MentorsRepository } from './repository.js';

type Executor = MentorsRepository['db'] | Transaction<DB>;

interface Caller {
  id: number;
  login: string;
  avatarUrl: string | null;
}

export interface MentorsServiceDeps {
  repository: MentorsRepository;
  /** The projects' access loader (projects/access-repository.ts): the project and whether the caller mentors it. */
  loadProjectAccess: (
    executor: Executor,
    projectId: number,
    userId: number | null,
    lock?: 'key share' | null,
  ) => Promise<ProjectAccess | null>;
  /**
   * Posts in the project's room as the messages service does (the same board, its checks and its live
   * delivery); `onStored` runs in the storing transaction of a new message, its answer after the commit.
   */
  postInRoom: (
    caller: Caller,
    input: AddRoomMessageRequest,
    onStored: (trx: Transaction<DB>, message: Message) => Promise<() => void>,
  ) => Promise<Message>;
  /** notifications.record: recorded in the writing transaction, pushed after its commit. */
  notify: (trx: Transaction<DB>, event: NotificationEvent) => Promise<PushNotifications>;
}

const ALL_MENTORS_BUSY_MESSAGE =
  'Every mentor of this project has as many newcomers as they take right now: ask in its room instead, or try again in a few days.';

const noProject = (projectId: number) => notFound(`There is no project ${projectId}.`);

/** "in 12 minutes", "in 40 seconds": when the next ask will be taken. */
function inAbout(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * A project's mentors: volunteering (and updating what one offers), stepping down, the public list, and asking
 * them: the question goes into the project's room and each mentor is told, with a link to it, in the same
 * transaction. Who may do what is groups/policy.ts (PROJECT_RULES).
 */
export function createMentorsService(deps: MentorsServiceDeps) {
  const { repository } = deps;
  const { db } = repository;

  /** The first step of every mentors action: the project's access facts, then the policy. */
  async function authorized(
    action: ProjectAction,
    executor: Executor,
    projectId: number,
    caller: Caller | null,
    lock: 'key share' | null = null,
  ): Promise<ProjectAccess> {
    const access = await deps.loadProjectAccess(executor, projectId, caller?.id ?? null, lock);
    if (!access) throw noProject(projectId);
    authorizeProject(action, access, caller?.id ?? null);
    return access;
  }

  return {
    async list(caller: Caller | null, projectId: number): Promise<Mentor[]> {
      await authorized('list-mentors', db, projectId, caller);
      return (await repository.list(projectId)).map(toMentor);
    },

    async volunteer(caller: Caller, input: VolunteerMentorRequest): Promise<Mentor> {
      const helpWith = requireText(input.helpWith, 'helpWith');
      return db.transaction().execute(async (trx) => {
        await authorized('volunteer-mentor', trx, input.projectId, caller, 'key share');
        const row = await repository.upsert(trx, {
          projectId: input.projectId,
          userId: caller.id,
          helpWith,
          capacity: input.capacity,
        });
        return toMentor(row);
      });
    },

    async stepDown(caller: Caller, input: StepDownMentorRequest) {
      await db.transaction().execute(async (trx) => {
        await authorized('step-down-mentor', trx, input.projectId, caller);
        await repository.remove(trx, input.projectId, caller.id);
      });
      return { projectId: input.projectId, mentoring: false as const };
    },

    /**
     * Posts the question in the project's room and tells each mentor (never the asker) with a link to it: the
     * message, the count toward the asker's limit and the notifications commit together. A user asks at most
     * MENTOR_ASKS_PER_WINDOW times in MENTOR_ASK_WINDOW_MINUTES (across projects; 429 with Retry-After past
     * it). A mentor is told while they help fewer newcomers than they take (or already help this one): the
     * asker becomes one of theirs for MENTOR_NEWCOMER_DAYS. A retry with the same clientId posts and tells once,
     * and is not counted again.
     */
    async ask(caller: Caller, input: AskMentorRequest): Promise<{ message: Message; mentorsTold: number }> {
      const question = requireText(input.question, 'question');
      const access = await authorized('ask-mentor', db, input.projectId, caller);
      const others = (await repository.mentorIds(db, input.projectId)).filter((id) => id !== caller.id);
      if (others.length === 0) throw conflict('Nobody mentors this project yet: ask in its room instead.');
      let mentorsTold: number | null = null;
      const message = await deps.postInRoom(
        caller,
        { projectId: input.projectId, clientId: input.clientId, text: question },
        async (trx, stored) => {
          const recent = await repository.recentAsks(trx, caller.id);
          if (recent.count >= MENTOR_ASKS_PER_WINDOW) {
            throw new HttpError(
              429,
              ErrorCode.rateLimited,
              `You can ask mentors ${MENTOR_ASKS_PER_WINDOW} times an hour. Try again ${inAbout(recent.freeInSeconds)}.`,
              { 'retry-after': String(recent.freeInSeconds) },
            );
          }
          // Read again in the transaction: who mentors the project, with room for the asker, when the question
          // is stored. Nobody with room: the question is not posted (the transaction rolls back).
          const mentors = await repository.mentorsWithRoom(trx, input.projectId, caller.id);
          if (mentors.length === 0) throw conflict(ALL_MENTORS_BUSY_MESSAGE);
          await repository.recordNewcomer(trx, {
            projectId: input.projectId,
            mentorIds: mentors,
            newcomerId: caller.id,
          });
          mentorsTold = mentors.length;
          await repository.recordAsk(trx, {
            userId: caller.id,
            projectId: input.projectId,
            messageId: stored.id,
            mentorsTold: mentors.length,
          });
          return deps.notify(trx, {
            kind: 'mentor-asked',
            recipients: mentors,
            actorId: caller.id,
            subject: access.fullName,
            messageId: stored.id,
          });
        },
      );
      return { message, mentorsTold: mentorsTold ?? (await repository.toldAbout(message.id)) };
    },
  };
}

export type MentorsService = ReturnType<typeof createMentorsService>;
