import { Collapse } from 'antd';
import styles from './vip.module.css';

const FAQ = [
  {
    question: '会员会自动续费吗？',
    answer: '不会。会员为固定期限，到期后自动恢复为非会员，不会自动扣款；需要时再手动续费。',
  },
  {
    question: '已经是会员，现在续费会浪费剩余天数吗？',
    answer: '不会。续费从当前会员到期日起顺延，剩余天数全部保留。',
  },
  {
    question: '付款了但订单一直显示“待支付”怎么办？',
    answer:
      '在支付窗口点“我已完成支付”，系统会立即向支付平台核实；即使关闭了窗口，系统也会定时核实并自动开通。仍有问题请联系老师微信。',
  },
  {
    question: '支付窗口被关掉了，订单还能付吗？',
    answer:
      '可以。订单在有效期内（默认 30 分钟）都可以在“个人中心 - 我的订单”继续支付，再次点击开通也会回到同一个订单。',
  },
  {
    question: '可以退款吗？',
    answer: '如需退款请联系老师微信，退款原路退回到付款账户。',
  },
  {
    question: '支持哪些支付方式？',
    answer: '电脑上可用微信扫码或支付宝网页支付，手机浏览器可用微信 H5 支付或支付宝手机网站支付。',
  },
];

export function VipFaq() {
  return (
    <section className={styles.section} aria-labelledby="vip-faq">
      <h2 id="vip-faq" className={styles.sectionTitle}>
        常见问题
      </h2>
      <Collapse
        items={FAQ.map((entry) => ({
          key: entry.question,
          label: entry.question,
          children: <p>{entry.answer}</p>,
        }))}
      />
    </section>
  );
}
