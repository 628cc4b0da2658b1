import { useTranslation } from 'react-i18next';
import { CheckInRulesTab } from './check-in-rules-tab';
import { CouponsTab } from './coupons-tab';
import { MallItemsTab, PrizesTab } from './goods-tabs';
import { OfflinePayTab } from './offline-pay-tab';
import { OrdersTab } from './orders-tab';
import { PackagesTab } from './packages-tab';
import { RoutedTabs } from '../../shared/ui/routed-tabs';
import { withFeedback } from '../../shared/ui/with-feedback';

const panels = {
  orders: OrdersTab,
  offlinePay: OfflinePayTab,
  packages: PackagesTab,
  coupons: CouponsTab,
  prizes: PrizesTab,
  mall: MallItemsTab,
  checkIn: CheckInRulesTab,
};

/** Orders, offline payment's payee, packages, coupons, prizes, mall items and check-in rules. */
function CommerceView() {
  const { t } = useTranslation();
  return <RoutedTabs base="commerce" panels={panels} label={(tab) => t(`commerce.${tab}`)} />;
}

export const CommercePage = withFeedback(CommerceView);
