import { createLifecycleService } from './lifecycle-service.js';
import { createMembersService } from './members-service.js';
import { createMembershipService } from './membership-service.js';
import { createReadingService } from './reading-service.js';
import type { GroupsRepository } from './repository.js';
import { createGroupSteps, type GroupsServiceOptions } from './service-steps.js';

export type { SharePreview } from './reading-service.js';

/**
 * The groups feature's services, one per sub-feature, as one object the routes share. Each action starts with the
 * group's access loader and the policy (service-steps.ts); all SQL is in the repositories.
 */
export function createGroupsService(repository: GroupsRepository, options: GroupsServiceOptions) {
  const steps = createGroupSteps(repository, options);
  return {
    ...createReadingService(steps),
    ...createLifecycleService(steps),
    ...createMembershipService(steps),
    ...createMembersService(steps),
    /** Tells the cached lists that a group changed outside this service (moderation). */
    listsChanged: steps.listsChanged,
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
