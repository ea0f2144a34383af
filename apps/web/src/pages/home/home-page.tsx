import { Link } from 'react-router';
import { AccountDeletedNotice } from '../../features/account-data';
import styles from './home-page.module.css';

const highlights = [
  { value: '22 种题型', text: '口语、写作、阅读、听力全部覆盖' },
  { value: 'AI 评分', text: '口语按内容、发音、流利度打分，写作按官方维度批改' },
  { value: '全真模考', text: '还原考试流程与计时，考后生成成绩报告' },
  { value: '学习数据', text: '记录练习次数与学习时长，看清进步轨迹' },
];

const entries = [
  { to: '/high', title: '高频', text: '每周更新的高频题，优先练最可能考到的内容' },
  { to: '/question', title: '题库', text: '按题型逐题练习，查看解析与范例' },
  { to: '/mock', title: '模考', text: '全真模考与成绩报告，检验备考进度' },
  { to: '/tools/favorites', title: '收藏', text: '把易错题按颜色分组收藏，集中复习' },
  { to: '/IntensiveListening', title: '精听', text: '逐句听写与跟读，练听力也练口语' },
  { to: '/micro-course', title: '微课', text: '短视频讲透每种题型的答题方法' },
  { to: '/data', title: '学习中心', text: '练习次数、学习时长与得分趋势' },
  { to: '/material', title: '资料', text: '备考资料与系统课程' },
];

export function HomePage() {
  return (
    <>
      <AccountDeletedNotice />
      <section className={styles.hero}>
        <p className={styles.eyebrow}>PTE 学术英语备考</p>
        <h1 className={styles.title}>用 Ninety 稳步练到目标分</h1>
        <p className={styles.pitch}>
          覆盖 PTE 全部 22 种题型，AI 即时评分给出可执行的反馈；配合每周高频题、全真模考与学习数据，
          让每一次练习都有的放矢。
        </p>
        <div className={styles.actions}>
          <Link to="/question" className="ui-button ui-button-primary">
            开始练习
          </Link>
          <Link to="/mock" className={`ui-button ${styles.secondary}`}>
            全真模考
          </Link>
        </div>
        <ul className={styles.highlights}>
          {highlights.map((item) => (
            <li key={item.value}>
              <strong>{item.value}</strong>
              <span>{item.text}</span>
            </li>
          ))}
        </ul>
      </section>

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
    </>
  );
}
