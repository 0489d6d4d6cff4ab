import { UserProfilePage } from '../../../features/people/routes/UserProfilePage';
import { NotFoundPage } from '../../NotFoundPage';

/** `/users/:login`: a person's profile (people feature), or the app's not-found page for a login nobody has. */
export function UserProfileRoute() {
  return <UserProfilePage renderNotFound={() => <NotFoundPage />} />;
}
