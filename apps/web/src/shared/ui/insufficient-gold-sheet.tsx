import Popup from 'antd-mobile/es/components/popup';
import type { InsufficientGoldExtras } from '@app/contract';
import { InsufficientGold } from './insufficient-gold';

/** The shortfall in a bottom sheet (loaded the first time a spend is refused, not with the first screen). */
export default function InsufficientGoldSheet({ shortfall, onClose }: { shortfall: InsufficientGoldExtras | null; onClose: () => void }) {
  return (
    <Popup visible={shortfall !== null} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      {shortfall ? <InsufficientGold shortfall={shortfall} onNavigate={onClose} /> : null}
    </Popup>
  );
}
