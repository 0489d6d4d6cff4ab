import { Link, useLocation } from 'react-router';
import { useModeratorStatus } from '../features/moderation/api/get-moderator-status';
import { MODERATION_LINK, NAV_LINKS } from './nav-links';

export interface NavLinkListProps {
  className?: string;
  linkClassName?: string;
  /** Called when a link is clicked (the mobile menu closes itself). */
  onNavigate?: () => void;
}

/**
 * The main links, and Moderation for moderators; the one for the current page is underlined and marked
 * aria-current="page".
 */
export function NavLinkList({ className, linkClassName, onNavigate }: NavLinkListProps) {
  const { pathname } = useLocation();
  const { isModerator } = useModeratorStatus();
  const links = isModerator ? [...NAV_LINKS, MODERATION_LINK] : NAV_LINKS;
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            className={linkClassName}
            aria-current={link.isSelected(pathname) ? 'page' : undefined}
            onClick={onNavigate}
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
