import {
  formatHours,
  formatTimezoneWindow,
  overlapMinutes,
  skillName,
  type GroupSummary,
} from '@openlfg/contracts';
import { useViewerOffset } from '../../../session/api/own-profile';
import styles from './GroupNeeds.module.css';

/** "Overlaps 5 h with your day", "No overlap with your day", or null when the viewer has no timezone. */
export function overlapText(
  needs: NonNullable<GroupSummary['needs']>,
  viewerOffset: number | null,
): string | null {
  if (viewerOffset === null || needs.timezoneFrom === null) return null;
  const minutes = overlapMinutes(viewerOffset, needs.timezoneFrom, needs.timezoneTo);
  return minutes > 0 ? `Overlaps ${formatHours(minutes)} with your day` : 'No overlap with your day';
}

/**
 * What a group needs (skills, a timezone window and its overlap with the viewer's day, hours a week) and, in
 * Groups for you, why it suits the viewer. On its card and its page.
 */
export function GroupNeeds({ group }: { group: Pick<GroupSummary, 'needs' | 'match'> }) {
  const viewerOffset = useViewerOffset();
  const { needs, match } = group;
  const said =
    needs && (needs.skills.length > 0 || needs.timezoneFrom !== null || needs.hoursPerWeek !== null);
  if (!said && !match) return null;
  const overlap = needs ? overlapText(needs, viewerOffset) : null;
  return (
    <div className={styles.needs}>
      {needs && said ? (
        <dl className={styles.list}>
          {needs.skills.length > 0 ? (
            <div>
              <dt>Needs</dt>
              <dd>{needs.skills.map(skillName).join(', ')}</dd>
            </div>
          ) : null}
          <div>
            <dt>Timezones</dt>
            <dd>
              {formatTimezoneWindow(needs.timezoneFrom, needs.timezoneTo)}
              {overlap ? <span className={styles.overlap}> · {overlap}</span> : null}
            </dd>
          </div>
          {needs.hoursPerWeek !== null ? (
            <div>
              <dt>Time</dt>
              <dd>{needs.hoursPerWeek} h a week</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {match && match.reasons.length > 0 ? (
        <p className={styles.why}>
          <strong>Why for you: </strong>
          {match.reasons.join('; ')}
        </p>
      ) : null}
    </div>
  );
}
