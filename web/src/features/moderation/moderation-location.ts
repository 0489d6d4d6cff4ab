export const MODERATION_PATH = '/admin';

export const MODERATION_TABS = ['requests', 'reports', 'hidden', 'catalogue', 'audit'] as const;
export type ModerationTab = (typeof MODERATION_TABS)[number];

export interface ModerationLocation {
  tab: ModerationTab;
  /** 1-based page of the tab's list. */
  page: number;
}

/** `/admin?tab=reports&page=2`: an unknown tab shows the requests, a bad page the first one. */
export function parseModerationLocation(search: string): ModerationLocation {
  const params = new URLSearchParams(search);
  const tab = MODERATION_TABS.find((item) => item === params.get('tab')) ?? 'requests';
  const page = Number(params.get('page'));
  return { tab, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

export function moderationHref({ tab, page = 1 }: { tab: ModerationTab; page?: number }): string {
  return `${MODERATION_PATH}?tab=${tab}${page > 1 ? `&page=${page}` : ''}`;
}
