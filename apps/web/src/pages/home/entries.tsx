import { Link } from 'react-router';
import styles from './home-page.module.css';

/** Entry points that exist today, and only those (issue 19). */
const entries = [
  { to: '/high', title: '高频', text: '每周更新的高频题，优先练最可能考到的内容' },
  { to: '/question', title: '题库', text: '按题型逐题练习，提交后立即评分并给出依据' },
  { to: '/mock', title: '模考', text: '全真模考、单项模考与成绩报告' },
  {
    to: '/IntensiveListening/ListeningList',
    title: '精听',
    text: '逐句听写与跟读，错过的句子和单词进入每日复习',
  },
  { to: '/tools/favorites', title: '收藏', text: '把易错题按颜色分组收藏，集中复习' },
  { to: '/data', title: '学习中心', text: '学习日历、题型统计、错题本与学习计划' },
  { to: '/micro-course', title: '微课', text: '每种题型一节讲解课，可跨设备接着看' },
  { to: '/material/index', title: '资料', text: '按题型和难点整理的资料包，购买后下载 PDF' },
  { to: '/wow-vip', title: 'VIP 会员', text: '不限次数的评分练习与全部课程，到期不自动续费' },
];

export function Entries() {
  return (
    <section aria-labelledby="home-entries">
      <h2 id="home-entries" className={styles.sectionTitle}>
        从这里开始
      </h2>
      <ul className={styles.entries}>
        {entries.map((entry) => (
          <li key={entry.to}>
            <Link to={entry.to} className={styles.entry}>
              <strong>{entry.title}</strong>
              <span>{entry.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
