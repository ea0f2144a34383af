import styles from './vip.module.css';

const BENEFITS = [
  { title: 'AI 评分不限次数', text: '口语、写作、阅读、听力全部题型，练多少评多少。' },
  { title: '全真模考', text: '按 2025 年 8 月新版 PTE 流程完整模考，出分报告与逐题分析。' },
  { title: '全部微课', text: '每个题型的策略、例题讲解与常见错误，会员课程全部解锁。' },
  { title: '精听与复习', text: '听写、跟读与今日复习，帮你把听力练扎实。' },
];

/** What a member gets (the issue: unlimited scored practice, mock exams, all lessons). */
export function VipBenefits() {
  return (
    <section className={styles.section} aria-labelledby="vip-benefits">
      <h2 id="vip-benefits" className={styles.sectionTitle}>
        会员权益
      </h2>
      <ul className={styles.benefits}>
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className={styles.benefit}>
            <strong>{benefit.title}</strong>
            {benefit.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
