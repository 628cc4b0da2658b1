import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CheckInRulesTab } from './check-in-rules-tab';
import { CouponsTab } from './coupons-tab';
import { MallItemsTab, PrizesTab } from './goods-tabs';
import { OrdersTab } from './orders-tab';
import { PackagesTab } from './packages-tab';
import { withFeedback } from '../../shared/ui/with-feedback';

const TABS = ['orders', 'packages', 'coupons', 'prizes', 'mall', 'checkIn'] as const;
const panels = {
  orders: OrdersTab,
  packages: PackagesTab,
  coupons: CouponsTab,
  prizes: PrizesTab,
  mall: MallItemsTab,
  checkIn: CheckInRulesTab,
};

/** Orders, packages, coupons, prizes, mall items and check-in rules. */
function CommerceView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const param = useParams().tab;
  const tab = TABS.find((name) => name === param) ?? 'orders';
  const Panel = panels[tab];
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(`/commerce/${key}`)}
        items={TABS.map((name) => ({ key: name, label: t(`commerce.${name}`) }))}
      />
      <Panel key={tab} />
    </Card>
  );
}

export const CommercePage = withFeedback(CommerceView);
