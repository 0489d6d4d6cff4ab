import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { useSession } from '../session/session-context';
import { POST_GROUP_PROJECT_LINK } from './nav-links';

export interface PostProjectLinkProps {
  className?: string;
  /** The class of the label's last word(s), which the bar hides where it is short of room. */
  tailClassName?: string;
  onNavigate?: () => void;
}

/** The purple call to action. Posting needs an account, so anonymous users get the login modal instead. */
export function PostProjectLink({ className, tailClassName, onNavigate }: PostProjectLinkProps) {
  const { isLoggedIn, isLoginLoading, openLoginModal } = useSession();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    if (!isLoggedIn && !isLoginLoading) {
      event.preventDefault();
      openLoginModal(POST_GROUP_PROJECT_LINK.to);
    }
  };
  return (
    <Link
      to={POST_GROUP_PROJECT_LINK.to}
      className={className}
      onClick={onClick}
      aria-label={POST_GROUP_PROJECT_LINK.label}
    >
      {POST_GROUP_PROJECT_LINK.short}
      <span className={tailClassName}>
        {POST_GROUP_PROJECT_LINK.label.slice(POST_GROUP_PROJECT_LINK.short.length)}
      </span>
    </Link>
  );
}
