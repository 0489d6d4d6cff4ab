import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { useSession } from '../session/session-context';
import { POST_GROUP_PROJECT_LINK } from './nav-links';

export interface PostProjectLinkProps {
  className?: string;
  onNavigate?: () => void;
}

/** The purple call to action. Posting needs an account, so anonymous users get the login modal instead. */
export function PostProjectLink({ className, onNavigate }: PostProjectLinkProps) {
  const { isLoggedIn, isLoginLoading, openLoginModal } = useSession();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    if (!isLoggedIn && !isLoginLoading) {
      event.preventDefault();
      openLoginModal(POST_GROUP_PROJECT_LINK.to);
    }
  };
  return (
    <Link to={POST_GROUP_PROJECT_LINK.to} className={className} onClick={onClick}>
      {POST_GROUP_PROJECT_LINK.label}
    </Link>
  );
}
