import type { GroupSummary } from '@openlfg/contracts';
import { formatCount } from '../../../lib/format';
import { memberCountText } from '../group-text';
import styles from './GroupFigures.module.css';

export interface GroupFiguresProps {
  group: Pick<GroupSummary, 'skillLevel' | 'visibility' | 'memberCount' | 'maxMembers' | 'saves'>;
  /** The group's page: larger, and with a line that says what its visibility means for joining. */
  onPage?: boolean;
}

/** A group's figures (skill level, members, saves) on its card and, with what its visibility means, its page. */
export function GroupFigures({ group, onPage = false }: GroupFiguresProps) {
  return (
    <dl className={onPage ? styles.page : styles.card}>
      <div>
        <dt>Skill level</dt>
        <dd>{group.skillLevel}</dd>
      </div>
      {onPage ? (
        <div>
          <dt>Visibility</dt>
          <dd>
            {group.visibility === 'private'
              ? 'Private: the owner approves requests'
              : 'Public: anyone can join'}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>Members</dt>
        <dd>{memberCountText(group)}</dd>
      </div>
      <div>
        <dt>Saves</dt>
        <dd>{formatCount(group.saves)}</dd>
      </div>
    </dl>
  );
}
