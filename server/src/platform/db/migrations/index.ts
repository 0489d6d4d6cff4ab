import type { Migration } from 'kysely';
import * as m0001 from './0001_users.js';
import * as m0002 from './0002_accounts.js';
import * as m0003 from './0003_projects.js';
import * as m0004 from './0004_catalog_sync.js';
import * as m0005 from './0005_groups.js';
import * as m0006 from './0006_moderation.js';
import * as m0007 from './0007_message_reads.js';
import * as m0008 from './0008_message_group_key.js';
import * as m0009 from './0009_search.js';
import * as m0010 from './0010_topics.js';
import * as m0011 from './0011_listing.js';
import * as m0012 from './0012_list_speed.js';
import * as m0013 from './0013_issues.js';
import * as m0014 from './0014_group_edits.js';
import * as m0015 from './0015_notifications.js';
import * as m0016 from './0016_group_lifecycle.js';
import * as m0017 from './0017_invites.js';
import * as m0018 from './0018_message_edits.js';
import * as m0019 from './0019_mail_settings.js';
import * as m0020 from './0020_deep_pages.js';
import * as m0021 from './0021_search_words.js';
import * as m0022 from './0022_mail_confirmations.js';
import * as m0023 from './0023_message_mentions.js';
import * as m0024 from './0024_member_removals.js';
import * as m0025 from './0025_project_page.js';
import * as m0026 from './0026_demo_community.js';
import * as m0027 from './0027_project_rooms.js';
import * as m0028 from './0028_mentors.js';
import * as m0029 from './0029_github_webhooks.js';
import * as m0031 from './0031_issue_alerts.js';
import * as m0032 from './0032_issue_rechecks.js';
import * as m0033 from './0033_profiles.js';
import * as m0035 from './0035_user_blocks.js';
import * as m0036 from './0036_user_reports.js';
import * as m0037 from './0037_mentor_newcomers.js';
import * as m0038 from './0038_project_recent_issues.js';
import * as m0039 from './0039_wrapping_timezone_windows.js';
import * as m0040 from './0040_quiet_statement_triggers.js';

/**
 * Every migration, in order. Listed here rather than read from the folder so the same list works from
 * TypeScript sources (tests), compiled JavaScript (production) and bundlers. Never edit a landed migration:
 * add the next number.
 */
export const migrations: Record<string, Migration> = {
  '0001_users': m0001,
  '0002_accounts': m0002,
  '0003_projects': m0003,
  '0004_catalog_sync': m0004,
  '0005_groups': m0005,
  '0006_moderation': m0006,
  '0007_message_reads': m0007,
  '0008_message_group_key': m0008,
  '0009_search': m0009,
  '0010_topics': m0010,
  '0011_listing': m0011,
  '0012_list_speed': m0012,
  '0013_issues': m0013,
  '0014_group_edits': m0014,
  '0015_notifications': m0015,
  '0016_group_lifecycle': m0016,
  '0017_invites': m0017,
  '0018_message_edits': m0018,
  '0019_mail_settings': m0019,
  '0020_deep_pages': m0020,
  '0021_search_words': m0021,
  '0022_mail_confirmations': m0022,
  '0023_message_mentions': m0023,
  '0024_member_removals': m0024,
  '0025_project_page': m0025,
  '0026_demo_community': m0026,
  '0027_project_rooms': m0027,
  '0028_mentors': m0028,
  '0029_github_webhooks': m0029,
  '0031_issue_alerts': m0031,
  '0032_issue_rechecks': m0032,
  '0033_profiles': m0033,
  '0035_user_blocks': m0035,
  '0036_user_reports': m0036,
  '0037_mentor_newcomers': m0037,
  '0038_project_recent_issues': m0038,
  '0039_wrapping_timezone_windows': m0039,
  '0040_quiet_statement_triggers': m0040,
};
