import { HomePage } from '../../features/home/pages/home-page';
import { NotifyEntry } from '../../features/im-message/components/notify-entry';
import { RecentWorks } from '../../features/plaza/components/recent-works';

/** The home tab: the home page with the message centre's entry and the plaza's newest works. */
export function HomeTab() {
  return <HomePage messagesEntry={<NotifyEntry />} RecentWorks={RecentWorks} />;
}
