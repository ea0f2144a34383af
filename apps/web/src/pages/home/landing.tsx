import { Link } from 'react-router';
import { SampleItemSection } from '../../features/sample-item';
import { Entries } from './entries';
import { FeedbackShots } from './feedback-shots';
import styles from './home-page.module.css';

/** What exists today, and only that (issue 19: nothing on home points at a page still being made). */
const highlights = [
  { value: '22 种题型', text: '口语、写作、阅读、听力全部题型，每种都有原创练习题' },
  { value: '逐项评分', text: '客观题按官方部分给分规则计分；写作、口语按维度打分并标出具体问题' },
  { value: '全真模考', text: '按 2025 年新题型与计时组卷，交卷后生成四项成绩与区间' },
  { value: '学习中心', text: '学习时长、连续天数、错题本和按目标生成的每日计划' },
];

/** Signed out: what Ninety is, a sample item to try, and where to start. */
export function Landing() {
  return (
    <>
      <section className={styles.hero}>
        <p className={styles.eyebrow}>PTE 学术英语备考</p>
        <h1 className={styles.title}>用 Ninety 稳步练到目标分</h1>
        <p className={styles.pitch}>
          {
            '覆盖 PTE 全部 22 种题型：提交后由服务器评分，给出逐项依据和 10–90 的估分（练习估算，不等于官方成绩）。配合每周高频题、全真模考、错题本和按目标生成的学习计划，每次练习都有的放矢。'
          }
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
      <SampleItemSection />
      <FeedbackShots />
      <Entries />
    </>
  );
}
