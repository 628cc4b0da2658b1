import { ProfilePage } from '../../features/me/pages/profile-page';
import { UserWorks } from '../../features/plaza/components/user-works';

const works = (userId: number) => <UserWorks userId={userId} />;

/** The personal homepage with the user's plaza works. */
export function MeProfilePage() {
  return <ProfilePage works={works} />;
}
