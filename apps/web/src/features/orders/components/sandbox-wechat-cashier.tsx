import type { SandboxJsapiBody } from '@ninety/contract';
import { Button, Modal, Space } from 'antd';
import { useSandboxJsapi } from '../api/sandbox-jsapi';
import { yuanText } from '../money';
import { bridgeResultOf, type BrandPayParams, type BridgeResult } from '../wechat-pay';

export interface SandboxWechatCashierProps {
  params: BrandPayParams;
  amountFen: number;
  onResult: (result: BridgeResult) => void;
}

/**
 * The sandbox's stand-in for WeChat's JSAPI cashier (what `getBrandWCPayRequest` opens inside
 * WeChat): it sends the signed parameters back with the learner's choice and answers as the
 * bridge's callback does. The page then confirms with the server, as with the real bridge.
 */
export function SandboxWechatCashier({ params, amountFen, onResult }: SandboxWechatCashierProps) {
  const choose = useSandboxJsapi();
  const act = (action: SandboxJsapiBody['action']) =>
    choose.mutate(
      { ...params, action },
      {
        onSuccess: ({ errMsg }) => onResult(bridgeResultOf(errMsg)),
        onError: () => onResult('fail'),
      },
    );
  const busy = choose.isPending;
  return (
    <Modal
      open
      title="模拟微信支付"
      footer={null}
      closable={false}
      mask={{ closable: false }}
      centered
    >
      <p>这是测试环境里替代微信收银台的模拟页面，不会产生真实扣款。</p>
      <p>
        支付金额 <strong>{yuanText(amountFen)}</strong>
      </p>
      <Space wrap>
        <Button type="primary" onClick={() => act('pay')} loading={busy}>
          确认支付
        </Button>
        <Button danger onClick={() => act('fail')} disabled={busy}>
          模拟支付失败
        </Button>
        <Button onClick={() => act('cancel')} disabled={busy}>
          取消支付
        </Button>
      </Space>
    </Modal>
  );
}
