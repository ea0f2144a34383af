import { Modal } from 'antd';
import { page } from '../../../lib/page';
import { getToken } from '../../../lib/session';
import { switchUrl, type SiteName } from '../location-check';

const SITE_NAMES: Record<SiteName, string> = { main: '大陆站', international: '国际站' };

export const SWITCH_TITLE = '切换站点？';
export const STAY_TEXT = '留在本站';

/**
 * The confirmation that offers the other site (spec §4), which opens signed in (the token as a
 * query). Loaded only when there is an offer to make: antd's modal is no part of a page's first
 * load.
 */
export function SiteSwitchPrompt({
  offer,
  onStay,
}: {
  offer: { site: SiteName; origin: string };
  onStay: () => void;
}) {
  const target = SITE_NAMES[offer.site];
  const here = SITE_NAMES[offer.site === 'main' ? 'international' : 'main'];
  const signedIn = getToken() !== null;
  return (
    <Modal
      open
      title={SWITCH_TITLE}
      okText={`切换到${target}`}
      cancelText={STAY_TEXT}
      onOk={() => page.assign(switchUrl(offer.origin, getToken()))}
      onCancel={onStay}
      width={400}
    >
      <p>
        {offer.site === 'main'
          ? `你现在位于中国大陆，正在访问 Ninety ${here}。`
          : `你现在不在中国大陆，正在访问 Ninety ${here}。`}
        切换到{target}访问更快、更稳定。
      </p>
      <p>{signedIn ? '切换后保持登录，练习记录两站通用。' : '练习记录两站通用。'}</p>
    </Modal>
  );
}
