import {
  canonicalTopic,
  PROFILE_SKILLS_MAX,
  utcOffsetMinutes,
  type OwnProfile,
  type ProfileBody,
  type PublicRepo,
  type UserProfile,
} from '@openlfg/contracts';
import type { MatchProfile } from '../groups/repository.js';
import { badRequest, notFound } from '../platform/http/errors.js';
import type { ProfileRow, ProfilesRepository } from './profiles-repository.js';
import { repoSkillsOf } from './repo-skills.js';

interface Caller {
  id: number;
}

export interface ProfilesServiceDeps {
  repository: ProfilesRepository;
  /** The user's public repositories (accounts: GitHub, through its cache); may throw when GitHub cannot be asked. */
  publicRepos: (userId: number) => Promise<PublicRepo[]>;
  log?: { warn(object: object, message: string): void };
}

/** The profile of someone who never saved one: every field empty, shown to signed-in users. */
const EMPTY = {
  skills: [] as string[],
  repo_languages: [] as string[],
  repo_topics: [] as string[],
  repo_skills: [] as string[],
  timezone: null,
  utc_offset_minutes: null,
  hours_per_week: null,
  learning: null,
  looking_for_group: false,
  pitch: null,
  visible_to: 'signed-in' as const,
  show_claims: false,
  show_mentoring: false,
};
type StoredProfile = Pick<ProfileRow, keyof typeof EMPTY>;

function skillsOf(raws: readonly string[]): string[] {
  const skills: string[] = [];
  for (const raw of raws) {
    const skill = canonicalTopic(raw);
    if (skill === null)
      throw badRequest(`"${raw.trim()}" is not a skill: use a topic name such as "typescript".`);
    if (!skills.includes(skill)) skills.push(skill);
  }
  if (skills.length > PROFILE_SKILLS_MAX)
    throw badRequest(`A profile has up to ${PROFILE_SKILLS_MAX} skills.`);
  return skills;
}

/**
 * Profiles: one's own (every field) and anyone's as the caller may see it. Beyond its GitHub fields a profile is
 * shown to whom its owner chose: signed-in users, or only the owners of groups they asked to join; a field the
 * caller may not see is left out of the answer, never sent empty. The languages and topics come from the
 * user's public repositories, read again on every save.
 */
export function createProfilesService(deps: ProfilesServiceDeps) {
  const { repository } = deps;
  const log = deps.log ?? { warn: () => {} };

  /** The stored profile, or for someone who never saved one the empty one with their cached repositories. */
  async function storedProfile(userId: number): Promise<StoredProfile> {
    const row = await repository.readProfile(userId);
    if (row) return row;
    const repos = await repository.cachedRepos(userId);
    if (!repos) return EMPTY;
    const derived = repoSkillsOf(repos);
    return {
      ...EMPTY,
      repo_languages: derived.languages,
      repo_topics: derived.topics,
      repo_skills: derived.skills,
    };
  }

  function ownAnswer(
    user: { login: string; name: string | null; avatar_url: string | null },
    p: StoredProfile,
  ) {
    return {
      login: user.login,
      name: user.name,
      avatarUrl: user.avatar_url,
      languages: p.repo_languages,
      topics: p.repo_topics,
      skills: p.skills,
      timezone: p.timezone,
      utcOffsetMinutes: p.utc_offset_minutes,
      hoursPerWeek: p.hours_per_week,
      learning: p.learning,
      lookingForGroup: p.looking_for_group,
      pitch: p.pitch,
      visibleTo: p.visible_to,
      showClaims: p.show_claims,
      showMentoring: p.show_mentoring,
    } satisfies OwnProfile;
  }

  async function me(caller: Caller) {
    const user = await repository.findUserById(caller.id);
    if (!user) throw notFound('Your account is gone.');
    return user;
  }

  return {
    async own(caller: Caller): Promise<OwnProfile> {
      return ownAnswer(await me(caller), await storedProfile(caller.id));
    },

    async save(caller: Caller, body: ProfileBody): Promise<OwnProfile> {
      const user = await me(caller);
      const timezone = body.timezone?.trim() || null;
      const offset = timezone === null ? null : utcOffsetMinutes(timezone);
      if (timezone !== null && offset === null) {
        throw badRequest(
          `"${timezone}" is not a timezone: use a name such as Europe/Berlin (body.timezone).`,
        );
      }
      // The repositories are read again (GitHub, or the accounts' cache); when they cannot be, the last stand.
      let derived: ReturnType<typeof repoSkillsOf> | null = null;
      try {
        derived = repoSkillsOf(await deps.publicRepos(caller.id));
      } catch (error) {
        log.warn({ err: error, userId: caller.id }, 'reading repositories for a profile failed');
      }
      const before = await storedProfile(caller.id);
      const row = await repository.saveProfile(caller.id, {
        skills: skillsOf(body.skills),
        repo_languages: derived?.languages ?? before.repo_languages,
        repo_topics: derived?.topics ?? before.repo_topics,
        repo_skills: derived?.skills ?? before.repo_skills,
        timezone,
        utc_offset_minutes: offset,
        hours_per_week: body.hoursPerWeek,
        learning: body.learning?.trim() || null,
        looking_for_group: body.lookingForGroup,
        pitch: body.pitch?.trim() || null,
        visible_to: body.visibleTo,
        show_claims: body.showClaims,
        show_mentoring: body.showMentoring,
      });
      return ownAnswer(user, row);
    },

    /** The profile of `login` as the caller may see it; 404 for a login nobody here has. */
    async ofLogin(caller: Caller | null, login: string): Promise<UserProfile> {
      const user = await repository.findUser(login);
      if (!user) throw notFound(`There is nobody called ${login} here.`);
      const own = caller?.id === user.id;
      const profile = await storedProfile(user.id);
      const visible =
        own ||
        (caller !== null &&
          (profile.visible_to === 'signed-in' || (await repository.askedToJoinGroupOf(user.id, caller.id))));
      const github = { login: user.login, name: user.name, avatarUrl: user.avatar_url, own };
      if (!visible) return { ...github, restricted: true };
      const [groups, claims, mentoring] = await Promise.all([
        repository.publicGroups(user.id),
        profile.show_claims || own ? repository.activeClaims(user.id) : null,
        profile.show_mentoring || own ? repository.mentoring(user.id) : null,
      ]);
      return {
        ...github,
        restricted: false,
        languages: profile.repo_languages,
        topics: profile.repo_topics,
        skills: profile.skills,
        timezone: profile.timezone,
        utcOffsetMinutes: profile.utc_offset_minutes,
        hoursPerWeek: profile.hours_per_week,
        learning: profile.learning,
        lookingForGroup: profile.looking_for_group,
        pitch: profile.pitch,
        groups: groups.map((group) => ({ groupProjectId: group.id, title: group.title })),
        ...(claims && {
          claims: claims.map((c) => ({ issueTitle: c.title, issueUrl: c.url, repoExt: c.repo_ext })),
        }),
        ...(mentoring && {
          mentoring: mentoring.map((m) => ({ repoExt: m.repo_ext, helpWith: m.help_with })),
        }),
      };
    },

    /** What "Groups for you" ranks against. */
    async matchProfileOf(userId: number): Promise<MatchProfile> {
      const profile = await storedProfile(userId);
      return {
        userId,
        skills: [...new Set([...profile.skills, ...profile.repo_skills])],
        utcOffsetMinutes: profile.utc_offset_minutes,
        hoursPerWeek: profile.hours_per_week,
      };
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
