import { Card, Tabs } from 'antd';
import type { ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router';

/**
 * A console page of tabs, each a route (`/<base>/<tab>`, an unknown tab showing the first): only the open tab's
 * panel is mounted, afresh on each switch. The tabs come in the order of `panels`.
 */
export function RoutedTabs<K extends string>({
  base,
  panels,
  label,
}: {
  base: string;
  panels: Record<K, ComponentType>;
  label: (tab: K) => string;
}) {
  const navigate = useNavigate();
  const param = useParams().tab;
  const tabs = Object.keys(panels) as K[];
  const tab = tabs.find((name) => name === param) ?? (tabs[0] as K);
  const Panel: ComponentType = panels[tab];
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(`/${base}/${key}`)}
        items={tabs.map((name) => ({ key: name, label: label(name) }))}
      />
      <Panel key={tab} />
    </Card>
  );
}
