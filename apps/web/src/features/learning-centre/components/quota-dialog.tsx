import { Button, Modal, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useQuotaInfo } from '../api/get-quota';
import { formatInstant } from './format';
import styles from './learning-centre.module.css';

const PERIOD_ZH = { daily: '每天', weekly: '每周', monthly: '每月', never: '共' } as const;

interface QuotaDialogProps {
  contactTeacher: boolean;
  onClose: () => void;
}

/**
 * At 0 uses (issue 19): what the uses are, when they come back, and what membership gives, with
 * the way to VIP. Only what exists is promised: membership lifts the limit on AI scoring.
 */
export function QuotaDialog({ contactTeacher, onClose }: QuotaDialogProps) {
  const quota = useQuotaInfo();
  const data = quota.data;
  return (
    <Modal
      open
      title="评分次数已用完"
      // Centred: at the top, the spec's 剩余次数不足 toast (which stays) covered the title at 375 px.
      centered
      onCancel={onClose}
      footer={[
        <Button key="later" onClick={onClose}>
          知道了
        </Button>,
        contactTeacher ? null : (
          <Link key="vip" to="/vip" onClick={onClose} className="ui-button ui-button-primary">
            了解 VIP 会员
          </Link>
        ),
      ]}
    >
      <div className={styles.quota} data-testid="quota-dialog">
        {!data ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <>
            <p>
              非会员{PERIOD_ZH[data.resetRule]}可以使用 <strong>{data.allowance}</strong> 次 AI
              评分（每提交一道题评分一次），现在剩余 {data.remaining ?? 0} 次。
            </p>
            {data.nextResetAt ? (
              <p>
                次数将在 <strong>{formatInstant(data.nextResetAt, data.timeZone)}</strong>（
                {data.timeZone === 'Asia/Shanghai' ? '北京时间' : data.timeZone}）恢复为{' '}
                {data.allowance} 次。
              </p>
            ) : (
              <p>这些次数用完后不再恢复。</p>
            )}
            <p>
              VIP 会员评分不限次数。
              {contactTeacher
                ? '你的账号由老师管理，请联系老师开通 VIP。'
                : '可查看会员方案并在线开通（固定期限，不自动续费）。'}
            </p>
            <p className={styles.muted}>
              不评分的功能不受影响：浏览题库、收藏和学习中心都可以继续使用。
            </p>
          </>
        )}
      </div>
    </Modal>
  );
}
